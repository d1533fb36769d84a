import { useEffect, useRef } from 'react';
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { i18n } from '../i18n';
import { zodFormResolver } from './zod-form-resolver';

export type ZodFormOptions<Schema extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<Schema>, unknown, z.output<Schema>>,
  'resolver'
>;

/**
 * A react-hook-form form validated by a contracts schema: fields hold the schema's input type, the
 * submit handler receives its parsed output.
 */
export const useZodForm = <Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: ZodFormOptions<Schema> = {},
) => {
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodFormResolver(schema),
  });

  // Messages are made in the language of the moment; shown ones are remade when it changes.
  const shownErrors = useRef<string[]>([]);
  shownErrors.current = Object.keys(form.formState.errors).filter((name) => name !== 'root');
  const { trigger } = form;
  useEffect(() => {
    const revalidate = () => {
      if (shownErrors.current.length) void trigger(shownErrors.current as never);
    };
    i18n.on('languageChanged', revalidate);
    return () => i18n.off('languageChanged', revalidate);
  }, [trigger]);

  return form;
};
