import type { Database } from '../db/database';

export type SmsMessage = {
  /** E.164, as customers' phones are stored. */
  to: string;
  text: string;
};

export type SmsSendOptions = {
  /**
   * The transaction of the change the message belongs to. The outbox driver records the message in
   * it, so a rolled-back change leaves no message behind; the gateway driver does not need it.
   */
  db?: Database;
  /**
   * The mall the message is sent for and the kind of its provider account that sends it (spec §3:
   * otp for sign-in codes, transactional for notices): through that account when the mall has one
   * active, else through this server's driver (modules/marketing/mall-account-senders.ts).
   */
  mall?: { locationId: string; account: 'otp' | 'transactional' };
};

/** Sends SMS; throws AppError SMS_NOT_SENT when the message could not be handed over. */
export interface SmsSender {
  readonly kind: 'outbox' | 'gateway';
  send(message: SmsMessage, options?: SmsSendOptions): Promise<void>;
}
