import { formatIssue } from '@avlu/contracts';
import { toNestErrors, validateFieldsNatively } from '@hookform/resolvers';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { currentLanguage } from '../i18n';

/**
 * Like `zodResolver`, but every message goes through contracts' `formatIssue` in the current
 * language, so a form says exactly what the server would answer for the same value. zodResolver
 * keeps Zod's own English texts, and by then the issue details formatIssue needs are gone.
 */
export const zodFormResolver =
  <Schema extends z.ZodType<FieldValues, FieldValues>>(
    schema: Schema,
  ): Resolver<z.input<Schema>, unknown, z.output<Schema>> =>
  async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    const lang = currentLanguage();
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const paths =
        issue.code === 'unrecognized_keys' ? issue.keys.map((key) => [...issue.path, key]) : [issue.path];
      for (const path of paths) {
        // A rule on the whole form (a refine without a path) is shown above the fields.
        const name = path.map(String).join('.') || 'root.form';
        flat[name] ??= { type: issue.code, message: formatIssue(issue, lang) };
      }
    }
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };
