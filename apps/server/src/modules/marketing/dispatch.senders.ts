import type { NotificationKind } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { decryptCredentials } from './account-credentials';
import { type FcmServiceAccount, fcmPush, type PushDriver } from './drivers/fcm-push';
import { type BulkSmsDriver, netgsmBulkSms } from './drivers/netgsm-bulk-sms';
import { type BulkMailDriver, smtpBulkMail } from './drivers/smtp-bulk-mail';
import { createThrottle } from './drivers/throttle';
import { providerAccounts } from './marketing-accounts.tables';

/** The driver a notification is sent through, with the batch size its claims take. */
export type ChannelSender =
  | { channel: 'sms'; key: string; batchSize: number; sms: BulkSmsDriver }
  | { channel: 'email'; key: string; batchSize: number; mail: BulkMailDriver; from: string }
  | { channel: 'push'; key: string; batchSize: number; push: PushDriver };

const DEFAULT_RATES = { sms: 5_000, email: 200, push: 500 } as const;
const NETGSM_URL = 'https://api.netgsm.com.tr';

type AccountRow = typeof providerAccounts.$inferSelect;

const smtpOf = (endpoint: string | null) => {
  // smtp://host:port or smtps://host:port (TLS from the first byte), or a bare host.
  const url = new URL(endpoint?.includes('://') ? endpoint : `smtp://${endpoint ?? 'localhost'}`);
  const secure = url.protocol === 'smtps:';
  return { host: url.hostname, port: Number(url.port || (secure ? 465 : 587)), secure };
};

/**
 * The senders of a process, one per account (and its throttle, shared by every batch this process
 * sends through the account). Which account (issue 16 #5): the mall's active `bulk` account of the
 * channel; without one, SMS go through the server's gateway (`SMS_GATEWAY_URL`, NetGSM's protocol)
 * and email through the server's SMTP (`SMTP_HOST`, from `MAIL_FROM`), since a mall that has not
 * set up its own account expects the operator's; push has no server default. With neither, a send
 * is refused with 409 `NOTIFICATION_NO_PROVIDER` before anything is written (a scheduled one goes to
 * error with that reason), never kept in an outbox that nobody reads.
 */
export const createSenders = (config: Config, logger?: Logger) => {
  const cache = new Map<string, Promise<ChannelSender>>();

  const accountOf = async (db: Database, locationId: string, channel: NotificationKind) => {
    const [row] = await db
      .select()
      .from(providerAccounts)
      .where(
        and(
          eq(providerAccounts.location_id, locationId),
          eq(providerAccounts.account_channel, channel),
          eq(providerAccounts.account_kind, 'bulk'),
          eq(providerAccounts.account_is_active, true),
        ),
      );
    return row;
  };

  const fromAccount = async (db: Database, account: AccountRow): Promise<ChannelSender> => {
    const credentials =
      (await decryptCredentials<Record<string, unknown>>(db, account.account_credentials_encrypted)) ?? {};
    const rate = account.account_rate_per_second ?? DEFAULT_RATES[account.account_channel];
    const throttle = createThrottle(rate);
    const key = `${account._id}:${account.updated_at.getTime()}`;
    switch (account.account_channel) {
      case 'sms':
        return {
          channel: 'sms',
          key,
          batchSize: 1000,
          sms: netgsmBulkSms(
            {
              url: account.account_endpoint ?? NETGSM_URL,
              user: String(credentials.user ?? ''),
              password: String(credentials.password ?? ''),
              sender: account.account_sender ?? '',
            },
            { throttle, logger },
          ),
        };
      case 'email': {
        const from = account.account_sender_name
          ? `"${account.account_sender_name.replace(/["\\\r\n]/g, '')}" <${account.account_sender}>`
          : (account.account_sender ?? config.mail.from);
        const user = credentials.user ? String(credentials.user) : undefined;
        return {
          channel: 'email',
          key,
          batchSize: 100,
          from,
          mail: smtpBulkMail(
            {
              ...smtpOf(account.account_endpoint),
              auth: user ? { user, pass: String(credentials.password ?? '') } : undefined,
              from,
            },
            { throttle, logger },
          ),
        };
      }
      case 'push':
        return {
          channel: 'push',
          key,
          batchSize: 100,
          push: fcmPush(
            {
              serviceAccount: credentials.serviceAccount as FcmServiceAccount,
              ...(account.account_endpoint && { apiUrl: account.account_endpoint }),
            },
            { throttle, logger },
          ),
        };
    }
  };

  const fromServer = (channel: NotificationKind): ChannelSender | undefined => {
    if (channel === 'sms' && config.sms.gateway)
      return {
        channel: 'sms',
        key: 'server:sms',
        batchSize: 1000,
        sms: netgsmBulkSms(config.sms.gateway, { throttle: createThrottle(DEFAULT_RATES.sms), logger }),
      };
    if (channel === 'email' && config.mail.smtp)
      return {
        channel: 'email',
        key: 'server:email',
        batchSize: 100,
        from: config.mail.from,
        mail: smtpBulkMail(
          { ...config.mail.smtp, from: config.mail.from },
          { throttle: createThrottle(DEFAULT_RATES.email), logger },
        ),
      };
    return undefined;
  };

  /** Whether the mall can send on the channel at all (409 `NOTIFICATION_NO_PROVIDER` otherwise). */
  const assertConfigured = async (db: Database, locationId: string, channel: NotificationKind) => {
    if (await accountOf(db, locationId, channel)) return;
    if (fromServer(channel)) return;
    throw new AppError('NOTIFICATION_NO_PROVIDER', 409);
  };

  /** The sender of the mall's channel now (the account's row read each time, its driver kept). */
  const senderFor = async (
    db: Database,
    locationId: string,
    channel: NotificationKind,
  ): Promise<ChannelSender | undefined> => {
    const account = await accountOf(db, locationId, channel);
    const key = account ? `${account._id}:${account.updated_at.getTime()}` : `server:${channel}`;
    let sender = cache.get(key);
    if (!sender) {
      if (account) sender = fromAccount(db, account);
      else {
        const server = fromServer(channel);
        if (!server) return undefined;
        sender = Promise.resolve(server);
      }
      sender.catch(() => cache.delete(key));
      cache.set(key, sender);
    }
    return sender;
  };

  const close = async () => {
    for (const sender of cache.values()) {
      const each = await sender.catch(() => undefined);
      if (each?.channel === 'email') await each.mail.close().catch(() => undefined);
    }
    cache.clear();
  };

  return { assertConfigured, senderFor, close };
};
export type Senders = ReturnType<typeof createSenders>;
