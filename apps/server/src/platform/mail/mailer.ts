import type { Language } from '@avlu/contracts';
import type { Database } from '../db/database';

export type MailMessage = {
  to: string;
  subject: string;
  /** The HTML part; `text` is the plain-text part of the same message. */
  html: string;
  text: string;
  /** The language the message is written in (Content-Language). */
  lang: Language;
};

export type SendOptions = {
  /**
   * The transaction of the change the mail belongs to. The outbox driver records the message in it,
   * so a rolled-back change leaves no message behind; the SMTP driver does not need it.
   */
  db?: Database;
  /**
   * The mall the mail is sent for and the kind of its provider account that sends it (spec §3:
   * transactional for notices to its customers): through that account's SMTP when the mall has one
   * active, else through this server's mailer (modules/marketing/mall-account-senders.ts).
   */
  mall?: { locationId: string; account: 'otp' | 'transactional' };
};

/** Sends mail; throws when the message could not be handed over (the caller decides what that means). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage, options?: SendOptions): Promise<void>;
  close(): Promise<void>;
}
