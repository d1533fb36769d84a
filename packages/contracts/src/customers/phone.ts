import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

/**
 * Spec §5: a phone defaults to Turkey and has its spaces removed; we store E.164 so '0532 123 45 67',
 * '+90 532 123 4567' and '5321234567' are one customer. Answers undefined for anything not a valid number.
 */
export const normalizePhone = (input: string): string | undefined => {
  const compact = input.replace(/[\s()-]/g, '');
  if (compact.length === 0 || compact.length > 20) return undefined;
  const parsed = parsePhoneNumberFromString(compact, 'TR');
  return parsed?.isValid() ? parsed.number : undefined;
};

/** A phone number in any common writing, answered as E.164. */
export const customerPhone = z
  .string()
  .max(32)
  .transform((value, context) => {
    const phone = normalizePhone(value);
    if (phone === undefined) {
      context.addIssue({ code: 'custom', message: 'validation.phone' });
      return z.NEVER;
    }
    return phone;
  });
