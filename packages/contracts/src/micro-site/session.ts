/**
 * The micro-site's constants without schemas (no zod, no phone metadata): the browser's micro-site
 * imports this module by its own path, `@avlu/contracts/micro-site/session`, so its first load stays
 * small. Every /ext call carries the mall's micro-site token as `Authorization: Bearer
 * <locationToken>`; a signed-in customer's calls add the two headers below.
 */
export const CUSTOMER_TOKEN_HEADER = 'customer-token';
export const CUSTOMER_ID_HEADER = 'customer-id';

/** Spec §3: the browser keeps the session per mall, under these local-storage keys. */
export const customerSessionKeys = (locationToken: string) => ({
  token: `customerToken-${locationToken}`,
  id: `customerId-${locationToken}`,
});

/** Spec §5 and §9, and the abuse limits of issue 5. All counters live in the database. */
export const smsCodeRules = {
  /** Digits of a code. */
  length: 4,
  /** A code is valid this long after it is sent. */
  validSeconds: 300,
  /** A new code for the same phone only after this wait (the dialog's countdown). */
  resendSeconds: 180,
  /** Wrong tries of one code before it is spent. */
  triesPerCode: 5,
  /**
   * Wrong tries in a row, across codes, from one client network before the phone is locked for that
   * network: an attacker locks out their own network, not the customer on theirs.
   */
  failuresBeforeLock: 10,
  /** Wrong tries in a row from all networks together before the phone is locked for everyone (the backstop). */
  failuresBeforePhoneLock: 20,
  lockHours: 24,
  codesPerPhonePerHour: 5,
  codesPerPhonePerDay: 10,
} as const;
