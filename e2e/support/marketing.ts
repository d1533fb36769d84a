import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StaffApi } from './campaign-mechanics';

/**
 * Set-up and reading for the marketing journey (marketing-journey.e2e.ts): a registration channel of
 * the test's own with customers of known consents registered through it (the segment "registered
 * through this channel" is then exactly them), and everything the local SMS gateway and the local
 * SMTP server received, to compare with who should have got a message.
 */

/** A registration channel open to the desk's data entry (registering through it needs that). */
export const createEntryChannel = (staff: StaffApi, name: string) =>
  staff<{ _id: string; channel_name: string }>('/data-types/channel', {
    method: 'POST',
    body: { channel_name: name, channel_cdp_data_entry: true, channel_status: true },
  });

export type JourneyCustomer = {
  _id: string;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
};

/** Registers a customer at the desk through `channelId` with the consents given (KVKK accepted). */
export const registerCustomer = (
  staff: StaffApi,
  channelId: string,
  customer: {
    name: string;
    surname: string;
    phone: string;
    email: string | null;
    sms: boolean;
    emailConsent: boolean;
  },
) =>
  staff<JourneyCustomer>('/customer-entry/register', {
    method: 'POST',
    body: {
      channel_id: channelId,
      customer_phone: customer.phone,
      customer_name: customer.name,
      customer_surname: customer.surname,
      customer_email: customer.email,
      customer_birthdate: '1990-05-14',
      customer_accepts_kvkk: true,
      customer_allows_sms: customer.sms,
      customer_allows_email: customer.emailConsent,
    },
  });

export type ReceivedMarketingMail = {
  to: string;
  subject: string;
  /** The List-Unsubscribe header, unfolded. */
  listUnsubscribe: string;
  raw: string;
  text: string;
};

/** Undoes quoted-printable soft line breaks and escapes (UTF-8), enough to read a mail's links and words. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A header's value, unfolded, with RFC 2047 encoded words (`=?UTF-8?B|Q?…?=`) decoded. */
const headerOf = (raw: string, name: string) => {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '')
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, encoding: string, word: string) =>
      encoding.toLowerCase() === 'b'
        ? Buffer.from(word, 'base64').toString('utf8')
        : decodeQuotedPrintable(word.replace(/_/g, ' ')),
    )
    .trim();
};

/** Every mail the local SMTP server kept whose subject contains `subject`, with its To address. */
export const mailsWithSubject = (dir: string, subject: string): ReceivedMarketingMail[] =>
  readdirSync(dir)
    .sort()
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .map((raw) => ({
      raw,
      text: decodeQuotedPrintable(raw),
      subject: headerOf(raw, 'Subject'),
      listUnsubscribe: headerOf(raw, 'List-Unsubscribe'),
      to: (/<?([^\s<>]+@[^\s<>]+?)>?$/.exec(headerOf(raw, 'To'))?.[1] ?? '').toLowerCase(),
    }))
    .filter((mail) => mail.subject.includes(subject));

/**
 * Polls `read` until `ready` holds (up to `timeoutMs`) and answers the last reading; a send goes
 * through the job queue, so what the gateway or mailbox got comes some seconds after the click.
 */
export const waitUntil = async <T>(
  read: () => T | Promise<T>,
  ready: (value: T) => boolean,
  what: string,
  timeoutMs = 90_000,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ready(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what} did not happen within ${timeoutMs / 1000} s; last: ${JSON.stringify(value)}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
};
