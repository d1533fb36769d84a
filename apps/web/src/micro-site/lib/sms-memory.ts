import type { SmsChallenge } from '@avlu/contracts';
import { compactPhone } from './contract';

/**
 * Spec §4: closing the SMS dialog with time left remembers the phone and when a new code may be
 * asked for, so reopening it for the same phone reuses the countdown without sending another SMS.
 * Kept in sessionStorage per mall: a reload keeps it, a new tab starts afresh.
 */
export type SmsMemory = { phone: string; registered: boolean; resendAt: string };

const key = (locationToken: string) => `microSiteSms-${locationToken}`;

export const rememberChallenge = (locationToken: string, phone: string, challenge: SmsChallenge) => {
  const memory: SmsMemory = {
    phone: compactPhone(phone),
    registered: challenge.registered,
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

export const forgetChallenge = (locationToken: string) => sessionStorage.removeItem(key(locationToken));

/** Seconds left until `resendAt` (0 when passed). */
export const secondsUntil = (resendAt: string | null | undefined, now = Date.now()) =>
  resendAt ? Math.max(0, Math.ceil((Date.parse(resendAt) - now) / 1000)) : 0;

export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
