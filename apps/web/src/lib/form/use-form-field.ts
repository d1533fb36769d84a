import { type FieldPath, type FieldValues, useController, useFormState } from 'react-hook-form';
import { useFieldLabel } from './form-context';

/** Whether focus is moving on to a submit button. */
const toSubmit = (event: unknown) => {
  const next = (event as { relatedTarget?: unknown } | undefined)?.relatedTarget;
  return next instanceof HTMLElement && next.matches('[type="submit"]');
};

/**
 * What every bound field needs: the controller, its translated label and whether it is locked.
 *
 * Leaving a field checks it (mode onTouched) only when it was changed or checked before, and not
 * when focus moves to the submit button: a message appearing under a field moves the button from
 * under the pointer between press and release, the click is lost, and the form showed its errors
 * in two stages (issue 12 #8). The submit checks every field at once.
 */
export const useFormField = <T extends FieldValues>(
  name: FieldPath<T>,
  label?: string,
  disabled?: boolean,
) => {
  const { field, fieldState } = useController<T>({ name });
  const { isSubmitting } = useFormState<T>({ name });
  const onBlur = (event?: unknown) => {
    if ((fieldState.isDirty || fieldState.isTouched) && !toSubmit(event)) field.onBlur();
  };
  return {
    field: { ...field, onBlur },
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
