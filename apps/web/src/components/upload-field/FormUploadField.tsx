import type { FieldValues } from 'react-hook-form';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { UploadField, type UploadFieldProps } from './UploadField';

export type FormUploadFieldProps<T extends FieldValues = FieldValues> = Omit<BoundFieldProps<T>, 'hint'> &
  Omit<
    UploadFieldProps,
    'value' | 'onChange' | 'onBlur' | 'label' | 'error' | 'disabled' | 'name' | 'inputRef'
  >;

/** The upload field bound to a form value holding a `File` (or the saved file's URL). */
export const FormUploadField = <T extends FieldValues = FieldValues>({
  name,
  label,
  disabled,
  ...props
}: FormUploadFieldProps<T>) => {
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  return (
    <UploadField
      {...props}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      label={bound.label}
      error={error}
      disabled={bound.disabled}
    />
  );
};
