import 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { gatewaySms } from './gateway-sms';
import { outboxSms } from './outbox-sms';
import type { SmsSender } from './sms';

export type { SmsMessage, SmsSender, SmsSendOptions } from './sms';

/** The HTTP gateway when SMS_GATEWAY_URL is set, else the development outbox. */
export const createSms = (config: Pick<Config, 'sms'>, db: Database, logger?: Logger): SmsSender =>
  config.sms.gateway ? gatewaySms(config.sms.gateway, logger) : outboxSms(db, logger);

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMS driver chosen from the configuration (or given by a test). */
    sms: SmsSender;
  }
}
