import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { maskPhone } from '../log-masking';
import type { SmsSender } from './sms';
import { smsOutbox } from './sms-outbox.tables';

/**
 * The development driver used when no SMS gateway is configured: each message is stored in
 * `sms_outbox` and logged by masked recipient. The text stays out of the log, as it holds sign-in codes.
 */
export const outboxSms = (db: Database, logger: Logger | undefined): SmsSender => ({
  kind: 'outbox',
  async send(message, options = {}) {
    const [row] = await (options.db ?? db)
      .insert(smsOutbox)
      .values({ to: message.to, text: message.text })
      .returning({ _id: smsOutbox._id });
    logger?.info({ smsId: row?._id, to: maskPhone(message.to) }, 'SMS stored in the outbox');
  },
});
