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
};

/** Sends SMS; throws AppError SMS_NOT_SENT when the message could not be handed over. */
export interface SmsSender {
  readonly kind: 'outbox' | 'gateway';
  send(message: SmsMessage, options?: SmsSendOptions): Promise<void>;
}
