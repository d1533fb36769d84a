import type { SmsChallenge } from '@avlu/contracts';
import { compactPhone } from './contract';

/**
 * Spec §4: closing the SMS dialog with time left remembers the phone and when a new code may be
 * asked for, so reopening it for the same phone reuses the countdown without sending another SMS.
 * Kept in sessionStorage per mall: a reload keeps it, a new tab starts afresh.
 */
export type SmsMemory = {
  phone: string;
  /** false once login answered CUSTOMER_NOT_REGISTERED: the register page takes the phone over. */
  registered: boolean | null;
  resendAt: string;
};

const key = (locationToken: string) => `microSiteSms-${locationToken}`;

export const rememberChallenge = (
  locationToken: string,
  phone: string,
  challenge: SmsChallenge,
  registered: boolean | null = null,
) => {
  const memory: SmsMemory = {
    phone: compactPhone(phone),
    registered,
    resendAt: challenge.resend_at,
  };
  sessionStorage.setItem(key(locationToken), JSON.stringify(memory));
  return memory;
};

/** The remembered challenge for this phone while its countdown still runs; null otherwise. */
export const recallChallenge = (locationToken: string, phone: string, now = Date.now()): SmsMemory | null => {
  try {
    const memory = JSON.parse(sessionStorage.getItem(key(locationToken)) ?? 'null') as SmsMemory | null;
    if (!memory || memory.phone !== compactPhone(phone)) return null;
    return Date.parse(memory.resendAt) > now ? memory : null;
  } catch {
    return null;
  }
};

export const forgetChallenge = (locationToken: string) => {
  sessionStorage.removeItem(key(locationToken));
  carried.delete(locationToken);
};

/**
 * Spec §4: a phone that is not a customer goes on to sign-up with its code. The code the customer
 * typed is kept in memory only (never in storage): a reload asks for it again in the dialog.
 */
const carried = new Map<string, { phone: string; code: string }>();

export const carryToRegistration = (locationToken: string, phone: string, code: string) => {
  const memory = recallChallenge(locationToken, phone);
  if (memory) sessionStorage.setItem(key(locationToken), JSON.stringify({ ...memory, registered: false }));
  carried.set(locationToken, { phone: compactPhone(phone), code });
};

/** The code carried from the login page for this phone, while its countdown runs; null otherwise. */
export const carriedCode = (locationToken: string, phone: string) => {
  const code = carried.get(locationToken);
  return code && code.phone === compactPhone(phone) && recallChallenge(locationToken, phone)
    ? code.code
    : null;
};

/** Forgets a carried code the server refused. */
export const dropCarriedCode = (locationToken: string) => carried.delete(locationToken);

/** Seconds left until `resendAt` (0 when passed). */
export const secondsUntil = (resendAt: string | null | undefined, now = Date.now()) =>
  resendAt ? Math.max(0, Math.ceil((Date.parse(resendAt) - now) / 1000)) : 0;

export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
