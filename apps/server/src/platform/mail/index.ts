import 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Mailer } from './mailer';
import { outboxMailer } from './outbox-mailer';
import { smtpMailer } from './smtp-mailer';

export type { Mailer, MailMessage, SendOptions } from './mailer';

/** SMTP when SMTP_HOST is set, else the development outbox. */
export const createMailer = (config: Pick<Config, 'mail'>, db: Database, logger?: Logger): Mailer =>
  config.mail.smtp ? smtpMailer(config.mail.smtp, config.mail.from, logger) : outboxMailer(db, logger);

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail driver chosen from the configuration (or given by a test). */
    mailer: Mailer;
  }
}
