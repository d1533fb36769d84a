/**
 * A play's idempotency key: a version 4 UUID from the browser's CSPRNG. Made once per play and kept
 * until the server has answered it, so a retried request (a lost answer, a dropped connection)
 * answers the same play and spends one right. `crypto.randomUUID` needs a secure context, so the
 * bytes come from `getRandomValues`, which a phone on plain http has too.
 */
export const newPlayKey = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** Whether the user asked for less motion (the wheel then stops on its slice at once). */
export const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
