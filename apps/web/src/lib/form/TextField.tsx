import MuiTextField, { type TextFieldProps as MuiTextFieldProps } from '@mui/material/TextField';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from './use-form-field';

type BoundProps =
  | 'name'
  | 'label'
  | 'value'
  | 'onChange'
  | 'onBlur'
  | 'error'
  | 'helperText'
  | 'disabled'
  | 'inputRef';
export type TextFieldProps<T extends FieldValues = FieldValues> = BoundFieldProps<T> &
  Omit<MuiTextFieldProps, BoundProps> & {
    /** Turns the typed text into the form value (NumberField passes a number parser). */
    parse?: (text: string) => unknown;
    format?: (value: unknown) => string;
  };

const asText = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export const TextField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
  parse,
  format = asText,
  ...props
}: TextFieldProps<T>) => {
  const { t } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  return (
    <MuiTextField
      fullWidth
      {...props}
      name={field.name}
      label={bound.label}
      value={format(field.value)}
      onChange={(event) => field.onChange(parse ? parse(event.target.value) : event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={bound.disabled}
      error={Boolean(error)}
      helperText={error ?? (hint && t(hint))}
    />
  );
};
