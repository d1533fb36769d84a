import { type FieldPath, type FieldValues, useController, useFormState } from 'react-hook-form';
import { useFieldLabel } from './form-context';

/** What every bound field needs: the controller, its translated label and whether it is locked. */
export const useFormField = <T extends FieldValues>(
  name: FieldPath<T>,
  label?: string,
  disabled?: boolean,
) => {
  const { field, fieldState } = useController<T>({ name });
  const { isSubmitting } = useFormState<T>({ name });
  return {
    field,
    error: fieldState.error?.message,
    label: useFieldLabel(name, label),
    disabled: disabled || isSubmitting,
  };
};

/** Props all bound fields share. */
export type BoundFieldProps<T extends FieldValues> = {
  name: FieldPath<T>;
  /** An i18n key; defaults to `<Form labels>:fields.<name>`. */
  label?: string;
  /** An i18n key of a hint shown under the field while it has no error. */
  hint?: string;
  disabled?: boolean;
};
