import type { Language } from '@avlu/contracts';

/** Contracts' rule for names (letters, spaces, apostrophes, hyphens, dots), without contracts' schemas. */
export { isPersonName } from '@avlu/contracts/common/person-name';
/** Phones shown as the back-office shows them (`0532 890 61 24`), from contracts' dependency-free module. */
export { displayPhone } from '@avlu/contracts/customers/phone-format';
/**
 * What the micro-site needs of contracts at run time, without contracts' schemas: those build zod
 * schemas at load and reach the phone parser (libphonenumber's full metadata, ~50 KB gzipped), more
 * than the whole first-load budget allows. The session constants come from their own schema-free
 * module; the languages (contracts keeps them beside a zod enum) are copied, and `contract.test.ts`
 * checks the copy. Types come from contracts directly (`import type` costs nothing at run time).
 */
export {
  CUSTOMER_ID_HEADER,
  CUSTOMER_TOKEN_HEADER,
  customerSessionKeys,
  smsCodeRules,
} from '@avlu/contracts/micro-site/session';

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
