import { z } from 'zod';

/**
 * Spec §5 vehicle plate formats, compared without spaces or dashes and in upper case. The foreign
 * patterns accept the common civilian formats of each country; they are deliberately permissive on
 * regional prefixes, since a plate is for recognising a car, not for registration checks.
 */
const PROVINCE = '(0[1-9]|[1-7][0-9]|8[01])';
export const plateFormats: Record<string, RegExp> = {
  turkey: new RegExp(`^${PROVINCE}[A-Z]{1,3}[0-9]{2,4}$`),
  syria: /^[0-9]{5,7}$/,
  // Iraqi plates put the number first and the (transliterated) region letter after it.
  iraq: /^[0-9]{5,6}[A-Z]{1,2}$/,
  azerbaijan: /^[0-9]{2}[A-Z]{2}[0-9]{3}$/,
  iran: /^[0-9]{2}[A-Z][0-9]{3}[0-9]{2}$/,
  germany: /^[A-ZÄÖÜ]{1,3}[A-Z]{1,2}[0-9]{1,4}[EH]?$/,
  bulgaria: /^[A-Z]{1,2}[0-9]{4}[A-Z]{2}$/,
  georgia: /^[A-Z]{2}[0-9]{3}[A-Z]{2}$/,
  romania: /^(B[0-9]{2,3}|[A-Z]{2}[0-9]{2})[A-Z]{3}$/,
  northMacedonia: /^[A-Z]{2}[0-9]{4}[A-Z]{2}$/,
  albania: /^[A-Z]{2}[0-9]{3}[A-Z]{2}$/,
  serbia: /^[A-Z]{2}[0-9]{3,5}[A-Z]{2}$/,
  montenegro: /^[A-Z]{2}[A-Z]{2}[0-9]{3}$/,
  bosnia: /^[A-Z][0-9]{2}[A-Z][0-9]{3}$/,
  austria: /^[A-Z]{1,2}[0-9]{1,6}[A-Z]{1,3}$/,
};

/** The plate as stored: spaces and dashes removed, upper case (Turkish i/ı both become I). */
export const normalizePlate = (input: string): string =>
  input.replace(/[\s-]/g, '').toLocaleUpperCase('tr').replace(/İ/g, 'I');

export const isValidPlate = (input: string): boolean => {
  const plate = normalizePlate(input);
  return Object.values(plateFormats).some((format) => format.test(plate));
};

export const vehiclePlate = z
  .string()
  .max(20)
  .transform((value, context) => {
    if (!isValidPlate(value)) {
      context.addIssue({ code: 'custom', message: 'validation.vehiclePlate' });
      return z.NEVER;
    }
    return normalizePlate(value);
  });
