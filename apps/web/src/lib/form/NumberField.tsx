import type { FieldValues } from 'react-hook-form';
import { TextField, type TextFieldProps } from './TextField';

// An emptied field is null, "no value": a required number says "required" (contracts' format-issue),
// an optional one is unset. Not undefined: react-hook-form shows a field's default value again when
// its value is undefined, so an edit form's emptied number came back.
const toNumber = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

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
