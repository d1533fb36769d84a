import { type RefObject, useContext, useEffect, useRef } from 'react';
import { useFormState } from 'react-hook-form';
import { UnsavedContext } from './leave-guard';

/**
 * A form's part of the guard: while its fields differ from their saved values it holds up in-app
 * navigation (through UnsavedChangesGuard, when mounted) and closing or reloading the tab (the
 * browser's own question). A submit in flight holds nothing: its success may navigate on.
 */
export const UnsavedChanges = ({ submitting }: { submitting: RefObject<boolean> }) => {
  const { isDirty } = useFormState();
  const forms = useContext(UnsavedContext)?.forms;
  const dirty = useRef(isDirty);
  dirty.current = isDirty;

  useEffect(() => {
    if (!forms) return;
    const unsaved = () => dirty.current && !submitting.current;
    forms.add(unsaved);
    return () => {
      forms.delete(unsaved);
    };
  }, [forms, submitting]);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (submitting.current) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty, submitting]);

  return null;
};
