import type { Language } from '@avlu/contracts';

/**
 * The parts of contracts' micro-site.ts the first screen needs, without its schemas. That module
 * builds its zod schemas at load, and they reach contracts' phone parser (libphonenumber's full
 * metadata, ~50 KB gzipped): importing one constant from it would more than double the micro-site's
 * first load. `contract.test.ts` checks every value here against contracts, so they cannot drift.
 * Types come from contracts directly (`import type` costs nothing at run time).
 */
export const CUSTOMER_TOKEN_HEADER = 'customer-token';
export const CUSTOMER_ID_HEADER = 'customer-id';

export const customerSessionKeys = (locationToken: string) => ({
  token: `customerToken-${locationToken}`,
  id: `customerId-${locationToken}`,
});

export const smsCodeRules = { length: 4, resendSeconds: 180 } as const;

export const languages: readonly Language[] = ['tr', 'en'];
export const DEFAULT_LANGUAGE: Language = 'tr';

/**
 * A light phone check for the browser (spec §5: Turkey by default, spaces removed): a Turkish number
 * written nationally or internationally, or any international number of plausible length. The server
 * parses it properly and answers 'invalid phone' for the rest.
 */
export const compactPhone = (input: string) => input.replace(/[\s()-]/g, '');
const TURKISH = /^(?:\+90|0090|90|0)?[1-9]\d{9}$/;
const INTERNATIONAL = /^(?:\+|00)[1-9]\d{6,14}$/;
export const looksLikePhone = (input: string) => {
  const phone = compactPhone(input);
  return TURKISH.test(phone) || INTERNATIONAL.test(phone);
};

/** Spec §9: email 6 to 265 characters; the server checks the pattern strictly. */
export const EMAIL_LENGTH = { min: 6, max: 265 } as const;
export const looksLikeEmail = (input: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input);
