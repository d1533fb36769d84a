import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { type ReactNode, type RefObject, useEffect, useMemo, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useFormState,
} from 'react-hook-form';
import { isApiError } from '../api';
import { FormFieldsContext } from './form-context';

export type FormProps<T extends FieldValues, Output> = {
  form: UseFormReturn<T, unknown, Output>;
  /** Receives the parsed values; an ApiError it throws is shown on the fields it names. */
  onSubmit: (values: Output) => unknown;
  /** i18n namespace of the labels: field `name` is labelled `<labels>:fields.<name>`. */
  labels?: string;
  children: ReactNode;
  id?: string;
};

/** Flattens nested errors to `a.b` paths, the form the server names fields in. */
const errorPaths = (errors: FieldErrors, prefix = ''): [string, string][] =>
  Object.entries(errors).flatMap(([key, value]) => {
    if (!value || key === 'root' || key === 'ref') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string') return [[path, value.message]];
    return typeof value === 'object' ? errorPaths(value as FieldErrors, path) : [];
  });

/**
 * A form of bound fields: submits through react-hook-form, locks the fields meanwhile, puts the
 * server's field errors under their fields and anything else in an alert above them.
 */
export const Form = <T extends FieldValues, Output>({
  form,
  onSubmit,
  labels,
  children,
  id,
}: FormProps<T, Output>) => {
  const shown = useMemo(() => new Set<string>(), []);
  const focusAfterSubmit = useRef<string | null>(null);

  const showServerError = (error: unknown) => {
    if (!isApiError(error)) throw error;
    if (error.canceled) return;
    const named = Object.entries(error.fields ?? {});
    const onScreen = named.filter(([path]) => shown.has(path));
    for (const [path, message] of onScreen) form.setError(path as Path<T>, { type: 'server', message });
    focusAfterSubmit.current = onScreen[0]?.[0] ?? null;
    // The server's message names every bad field, so it covers those without a field on screen.
    if (onScreen.length === 0 || onScreen.length < named.length) {
      form.setError('root.server', { type: String(error.statusCode), message: error.message });
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      try {
        await onSubmit(values);
      } catch (error) {
        showServerError(error);
      }
    },
    (errors) => {
      const hidden = errorPaths(errors).filter(([path]) => !shown.has(path));
      // A schema rule on a value with no field (a strict schema meeting an extra key) would
      // otherwise block the submit without a word.
      if (hidden.length) {
        form.setError('root.hidden', {
          message: hidden.map(([path, message]) => `${path}: ${message}`).join('\n'),
        });
      }
    },
  );

  return (
    <FormProvider {...form}>
      <FormFieldsContext.Provider value={{ labels, shown }}>
        <form id={id} noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <FormAlert />
            <FocusAfterSubmit target={focusAfterSubmit} setFocus={form.setFocus as (name: string) => void} />
            {children}
          </Stack>
        </form>
      </FormFieldsContext.Provider>
    </FormProvider>
  );
};

/** Focuses the first field the server rejected once the fields are enabled again. */
const FocusAfterSubmit = ({
  target,
  setFocus,
}: {
  target: RefObject<string | null>;
  setFocus: (name: string) => void;
}) => {
  const { isSubmitting } = useFormState();
  useEffect(() => {
    if (isSubmitting || !target.current) return;
    setFocus(target.current);
    target.current = null;
  }, [isSubmitting, target, setFocus]);
  return null;
};

const FormAlert = () => {
  const { errors } = useFormState();
  const messages = [
    errors.root?.server?.message,
    errors.root?.hidden?.message,
    errors.root?.form?.message,
  ].filter(Boolean);
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" sx={{ whiteSpace: 'pre-line' }}>
      {messages.join('\n')}
    </Alert>
  );
};
