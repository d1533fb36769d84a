import type { NotificationKind, ProviderAccountKind } from '@avlu/contracts';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { type FcmServiceAccount, fcmPush, type PushDriver } from './drivers/fcm-push';
import { type BulkSmsDriver, netgsmBulkSms } from './drivers/netgsm-bulk-sms';
import { type BulkMailDriver, smtpBulkMail } from './drivers/smtp-bulk-mail';
import { createThrottle } from './drivers/throttle';
import type { providerAccounts } from './marketing-accounts.tables';
import { type ProviderAccountWithCredentials, providerAccountFor } from './provider-accounts.service';

/**
 * The driver a notification is sent through, with the batch size its claims take, and the provider
 * account it is (null: the server's own gateway or SMTP), which dispatch records on the notification.
 */
export type ChannelSender = { key: string; accountId: string | null; batchSize: number } & (
  | { channel: 'sms'; sms: BulkSmsDriver }
  | { channel: 'email'; mail: BulkMailDriver; from: string }
  | { channel: 'push'; push: PushDriver }
);

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
  const cache = new Map<string, ChannelSender>();

  /** The mall's account of the channel (bulk by default), its credentials decrypted (provider-accounts.service.ts). */
  const accountOf = (
    db: Database,
    locationId: string,
    channel: NotificationKind,
    kind: ProviderAccountKind = 'bulk',
  ) => providerAccountFor(db, locationId, channel, kind);

  /** A driver is kept per account row: an edit of the account (its updated time) makes a new one. */
  const keyOf = (account: Pick<AccountRow, '_id' | 'updated_at'>) =>
    `${account._id}:${account.updated_at.getTime()}`;

  const fromAccount = (account: ProviderAccountWithCredentials): ChannelSender => {
    const { credentials } = account;
    const rate = account.account_rate_per_second ?? DEFAULT_RATES[account.account_channel];
    const throttle = createThrottle(rate);
    const key = keyOf(account);
    const accountId = account._id;
    switch (account.account_channel) {
      case 'sms':
        return {
          channel: 'sms',
          key,
          accountId,
          batchSize: 1000,
          sms: netgsmBulkSms(
            {
              url: account.account_endpoint ?? NETGSM_URL,
              user: String(credentials.user ?? ''),
              password: String(credentials.password ?? ''),
              sender: account.account_sender ?? '',
              ...(account.account_appname && { appname: account.account_appname }),
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
          accountId,
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
          accountId,
          // Sent PUSH_IN_FLIGHT at a time (dispatch.worker.ts); a claim of 500 keeps the worker's
          // per-batch work (claim, tokens, outcomes) small beside the calls.
          batchSize: 500,
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
        accountId: null,
        batchSize: 1000,
        sms: netgsmBulkSms(config.sms.gateway, { throttle: createThrottle(DEFAULT_RATES.sms), logger }),
      };
    if (channel === 'email' && config.mail.smtp)
      return {
        channel: 'email',
        key: 'server:email',
        accountId: null,
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
    const key = account ? keyOf(account) : `server:${channel}`;
    let sender = cache.get(key);
    if (!sender) {
      sender = account ? fromAccount(account) : fromServer(channel);
      if (!sender) return undefined;
      cache.set(key, sender);
    }
    return sender;
  };

  /**
   * The sender of the mall's own active account of the channel and kind (the otp one for sign-in
   * codes, the transactional one for its mail), without the server's fallback: undefined without one.
   */
  const accountSenderFor = async (
    db: Database,
    locationId: string,
    channel: NotificationKind,
    kind: ProviderAccountKind,
  ): Promise<ChannelSender | undefined> => {
    const account = await accountOf(db, locationId, channel, kind);
    if (!account) return undefined;
    const key = keyOf(account);
    let sender = cache.get(key);
    if (!sender) {
      sender = fromAccount(account);
      cache.set(key, sender);
    }
    return sender;
  };

  const close = async () => {
    for (const sender of cache.values())
      if (sender.channel === 'email') await sender.mail.close().catch(() => undefined);
    cache.clear();
  };

  return { assertConfigured, senderFor, accountSenderFor, close };
};
export type Senders = ReturnType<typeof createSenders>;
