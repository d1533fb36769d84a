import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField';

// An emptied field is "no value", so the schema can say "required" rather than "must be a number".
const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/** A number input whose form value is a number (or undefined when empty), as the schemas expect. */
export const NumberField = <T extends FieldValues = FieldValues>({
  slotProps,
  ...props
}: Omit<TextFieldProps<T>, 'type' | 'parse'>) => (
  <TextField<T>
    {...props}
    type="number"
    parse={toNumber}
    slotProps={{ ...slotProps, htmlInput: { inputMode: 'decimal', ...slotProps?.htmlInput } }}
  />
);
