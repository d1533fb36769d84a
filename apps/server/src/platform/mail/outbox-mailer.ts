import type { Logger } from 'pino';
import type { Database } from '../db/database';
import { maskEmail } from '../log-masking';
import { mailOutbox } from './mail-outbox.tables';
import type { Mailer } from './mailer';

/**
 * The development driver used when SMTP_HOST is unset: each message is stored in `mail_outbox` and
 * logged by masked recipient and subject. The body stays out of the log, as it holds one-time links.
 */
export const outboxMailer = (db: Database, logger: Logger | undefined): Mailer => ({
  kind: 'outbox',
  async send(message, options = {}) {
    const [row] = await (options.db ?? db)
      .insert(mailOutbox)
      .values({ to: message.to, subject: message.subject, html: message.html, text: message.text })
      .returning({ _id: mailOutbox._id });
    logger?.info(
      { mailId: row?._id, to: maskEmail(message.to), subject: message.subject },
      'mail stored in the outbox',
    );
  },
  close: async () => undefined,
});
