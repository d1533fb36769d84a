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
import { UnsavedChanges } from './unsaved-changes';

export type FormProps<T extends FieldValues, Output> = {
  form: UseFormReturn<T, unknown, Output>;
  /** Receives the parsed values; an ApiError it throws is shown on the fields it names. */
  onSubmit: (values: Output) => unknown;
  /** i18n namespace of the labels: field `name` is labelled `<labels>:fields.<name>`. */
  labels?: string;
  children: ReactNode;
  id?: string;
  /**
   * Asks before the user leaves the page (or closes the tab) with changes not saved; after a
   * successful submit the form counts as saved. False for lookups and sign-in forms.
   */
  warnOnLeave?: boolean;
};

/** Flattens nested errors to `a.b` paths, the form the server names fields in. */
const errorPaths = (errors: FieldErrors, prefix = ''): [string, string][] =>
  Object.entries(errors).flatMap(([key, value]) => {
    if (!value || key === 'root' || key === 'ref') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string') return [[path, value.message]];
    return typeof value === 'object' ? errorPaths(value as FieldErrors, path) : [];
  });

/** FocusAfterSubmit's target for an error shown only in the alert above the fields. */
const ALERT = 'root';

/**
 * A form of bound fields: submits through react-hook-form, locks the fields meanwhile, puts the
 * server's field errors under their fields and anything else in an alert above them. Focus goes
 * to the first rejected field, or to the alert, so the one message of a failure is where the user
 * looks (a long form's alert may be scrolled away): the page adds no toast of its own.
 */
export const Form = <T extends FieldValues, Output>({
  form,
  onSubmit,
  labels,
  children,
  id,
  warnOnLeave = true,
}: FormProps<T, Output>) => {
  const shown = useMemo(() => new Set<string>(), []);
  const focusAfterSubmit = useRef<string | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  // Set before onSubmit runs, so a navigation it makes on success is not taken for leaving unsaved.
  const submitting = useRef(false);

  const showServerError = (error: unknown) => {
    if (!isApiError(error)) throw error;
    if (error.canceled) return;
    const named = Object.entries(error.fields ?? {});
    const onScreen = named.filter(([path]) => shown.has(path));
    for (const [path, message] of onScreen) form.setError(path as Path<T>, { type: 'server', message });
    focusAfterSubmit.current = onScreen[0]?.[0] ?? ALERT;
    // The server's message names every bad field, so it covers those without a field on screen.
    if (onScreen.length === 0 || onScreen.length < named.length) {
      form.setError('root.server', { type: String(error.statusCode), message: error.message });
    }
  };

  const submit = form.handleSubmit(
    async (values) => {
      submitting.current = true;
      try {
        await onSubmit(values);
        // Saved: what the fields hold now is the form's new starting point.
        form.reset(form.getValues());
      } catch (error) {
        showServerError(error);
      } finally {
        submitting.current = false;
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
            <FormAlert ref={alert} />
            <FocusAfterSubmit
              target={focusAfterSubmit}
              focus={(name) => (name === ALERT ? alert.current?.focus() : form.setFocus(name as Path<T>))}
            />
            {warnOnLeave && <UnsavedChanges submitting={submitting} />}
            {children}
          </Stack>
        </form>
      </FormFieldsContext.Provider>
    </FormProvider>
  );
};

/** Focuses the first field the server rejected, or the alert, once the fields are enabled again. */
const FocusAfterSubmit = ({
  target,
  focus,
}: {
  target: RefObject<string | null>;
  focus: (name: string) => void;
}) => {
  const { isSubmitting } = useFormState();
  useEffect(() => {
    if (isSubmitting || !target.current) return;
    focus(target.current);
    target.current = null;
  }, [isSubmitting, target, focus]);
  return null;
};

const FormAlert = ({ ref }: { ref: RefObject<HTMLDivElement | null> }) => {
  const { errors } = useFormState();
  const messages = [
    errors.root?.server?.message,
    errors.root?.hidden?.message,
    errors.root?.form?.message,
  ].filter(Boolean);
  if (messages.length === 0) return null;
  return (
    <Alert ref={ref} tabIndex={-1} severity="error" sx={{ whiteSpace: 'pre-line' }}>
      {messages.join('\n')}
    </Alert>
  );
};
