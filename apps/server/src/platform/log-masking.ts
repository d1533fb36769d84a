/**
 * Personal data kept out of logs (issue 10, point 8). Every log line that names a customer's phone or
 * a person's email masks it here, so a log shipped to a provider or kept for weeks identifies nobody,
 * yet still tells an operator which operator network or mail domain a failure concerns.
 */

const MASK = '*';

/**
 * `+905321234567` → `+90532*****67`: the country code and operator prefix (the first five digits
 * of E.164) and the last two digits stay. A number without `+` keeps its first four characters
 * (`05321234567` → `0532*****67`). Masking a masked value changes nothing.
 */
export const maskPhone = (phone: string): string => {
  const value = phone.trim();
  const head = value.startsWith('+') ? 6 : 4;
  if (value.length <= head + 2) return `${MASK.repeat(Math.max(value.length - 2, 0))}${value.slice(-2)}`;
  return `${value.slice(0, head)}${MASK.repeat(value.length - head - 2)}${value.slice(-2)}`;
};

/** `ayse.yilmaz@example.com` → `a***@example.com`: the domain stays (delivery problems are per domain). */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf('@');
  if (at < 0) return maskPhone(email);
  return `${email.slice(0, Math.min(1, at))}${MASK.repeat(3)}${email.slice(at)}`;
};

/** A recipient of either kind: an email when it has `@`, else a phone. */
export const maskRecipient = (value: string): string =>
  value.includes('@') ? maskEmail(value) : maskPhone(value);

const EMAIL_IN_TEXT = /[^\s@"'<>()[\],;:=]+@[^\s@"'<>()[\],;:=]+\.[a-z]{2,}/gi;
// 10 to 15 digits, optionally after `+`, not inside a longer word (hex ids, hashes).
const PHONE_IN_TEXT = /(?<![\w+*])\+?\d{10,15}(?![\w*])/g;

/** Masks every email address and phone-like number inside free text (error messages, URLs). */
export const maskContactsInText = (text: string): string =>
  text.replace(EMAIL_IN_TEXT, maskEmail).replace(PHONE_IN_TEXT, maskPhone);
