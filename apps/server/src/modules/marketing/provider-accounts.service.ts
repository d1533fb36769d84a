import type {
  ProviderAccount,
  ProviderAccountChannel,
  ProviderAccountKind,
  ProviderAccountValues,
} from '@avlu/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { violatedIndex } from '../../platform/db/unique-names';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import type { Acting } from '../users/acting';
import { decryptCredentials, encryptCredentials } from './account-credentials';
import { netgsmBulkSms } from './drivers/netgsm-bulk-sms';
import { providerAccounts } from './marketing-accounts.tables';
import { iso } from './notifications.service';

/**
 * A mall's provider accounts (spec §3 Dashboard data, issue 16 #5), managed by the system admin under
 * Ayarlar: one per channel (sms, email, push) and kind (otp, bulk, transactional). The credentials
 * are stored only encrypted (account-credentials.ts: AES-256-GCM under MARKETING_CREDENTIALS_KEY or a
 * server secret) as the drivers read them — NetGSM and SMTP `{ user, password }`, FCM
 * `{ serviceAccount }` — and never answered: an answer says only `account_has_credentials`. An
 * update without credentials keeps the stored ones; one with some of them replaces those.
 */
const NETGSM_URL = 'https://api.netgsm.com.tr';
const PROVIDERS: Record<ProviderAccountChannel, string> = { sms: 'netgsm', email: 'smtp', push: 'fcm' };
/** The credit query of the dashboard list waits at most this long per account. */
export const CREDIT_TIMEOUT_MS = 3_000;
/** A credit told this recently is shown without asking the provider again. */
const CREDIT_FRESH_MS = 60_000;

type Row = typeof providerAccounts.$inferSelect;

const toAccount = (row: Row): ProviderAccount => ({
  _id: row._id,
  account_channel: row.account_channel,
  account_kind: row.account_kind,
  account_provider: row.account_provider,
  account_name: row.account_name,
  account_sender: row.account_sender,
  account_sender_name: row.account_sender_name,
  account_appname: row.account_appname,
  account_endpoint: row.account_endpoint,
  account_rate_per_second: row.account_rate_per_second,
  account_is_active: row.account_is_active,
  account_has_credentials: row.account_credentials_encrypted !== null,
  account_state: row.account_is_active ? row.account_state : 'inactive',
  account_state_message: row.account_state_message,
  account_credit: row.account_credit,
  account_checked_at: iso(row.account_checked_at),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

const inMall = (locationId: string) => eq(providerAccounts.location_id, locationId);

const rowOf = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select()
    .from(providerAccounts)
    .where(and(eq(providerAccounts._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return row;
};

/** The mall's accounts, of one channel or all, by channel and kind. */
export const listProviderAccounts = async (
  db: Database,
  locationId: string,
  channel?: ProviderAccountChannel,
) =>
  (
    await db
      .select()
      .from(providerAccounts)
      .where(and(inMall(locationId), channel ? eq(providerAccounts.account_channel, channel) : undefined))
      .orderBy(asc(providerAccounts.account_channel), asc(providerAccounts.account_kind))
  ).map(toAccount);

export const getProviderAccount = async (db: Database, locationId: string, id: string) =>
  toAccount(await rowOf(db, locationId, id));

/** The plain credentials a channel's driver reads, from the form's fields over the stored ones. */
const credentialsOf = (
  channel: ProviderAccountChannel,
  given: NonNullable<ProviderAccountValues['account_credentials']>,
  stored: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined => {
  if (channel === 'push') {
    if (given.service_account === null) return stored;
    let serviceAccount: unknown;
    try {
      serviceAccount = JSON.parse(given.service_account);
    } catch {
      serviceAccount = undefined;
    }
    const account = serviceAccount as Record<string, unknown> | undefined;
    if (
      !account ||
      typeof account !== 'object' ||
      typeof account.client_email !== 'string' ||
      typeof account.private_key !== 'string'
    )
      throw invalidFields({ 'account_credentials.service_account': 'providerServiceAccount' });
    return { serviceAccount: account };
  }
  const next = { ...stored };
  if (given.user !== null) next.user = given.user;
  if (given.password !== null) next.password = given.password;
  return Object.keys(next).length > 0 ? next : undefined;
};

const kindTaken = (error: unknown): never => {
  if (violatedIndex(error) === 'provider_accounts_channel_kind')
    throw new AppError('CONFLICT', 409, { fields: { account_kind: 'providerAccountKindTaken' } });
  throw error;
};

const auditAccount = (
  db: Database,
  actor: Acting,
  action: string,
  row: Pick<Row, '_id' | 'account_name' | 'account_channel' | 'account_kind'>,
  credentialsChanged: boolean,
) =>
  audit(db, actor, {
    action: `provider_account.${action}`,
    entity: 'provider_account',
    entityId: row._id,
    // Never the credentials: only whether they changed.
    details: {
      name: row.account_name,
      channel: row.account_channel,
      kind: row.account_kind,
      credentialsChanged,
    },
  });

const columnsOf = (values: ProviderAccountValues) => ({
  account_channel: values.account_channel,
  account_kind: values.account_kind,
  account_provider: PROVIDERS[values.account_channel],
  account_name: values.account_name,
  account_sender: values.account_channel === 'push' ? null : values.account_sender,
  account_sender_name: values.account_channel === 'email' ? values.account_sender_name : null,
  account_appname: values.account_channel === 'sms' ? (values.account_appname?.trim() ?? null) : null,
  account_endpoint: values.account_endpoint,
  account_rate_per_second: values.account_rate_per_second,
  account_is_active: values.account_is_active,
});

export const createProviderAccount = async (
  db: Database,
  locationId: string,
  values: ProviderAccountValues,
  actor: Acting,
) => {
  const credentials = values.account_credentials
    ? credentialsOf(values.account_channel, values.account_credentials, undefined)
    : undefined;
  const encrypted = credentials ? await encryptCredentials(db, credentials) : null;
  return db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(providerAccounts)
        .values({ ...columnsOf(values), location_id: locationId, account_credentials_encrypted: encrypted })
        .returning();
      await auditAccount(tx, actor, 'created', row!, encrypted !== null);
      return toAccount(row!);
    })
    .catch(kindTaken);
};

export const updateProviderAccount = async (
  db: Database,
  locationId: string,
  id: string,
  values: ProviderAccountValues,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const current = await rowOf(tx, locationId, id);
      let encrypted = current.account_credentials_encrypted;
      // Another channel's credentials mean nothing to this one's driver.
      const sameChannel = current.account_channel === values.account_channel;
      if (!sameChannel) encrypted = null;
      if (values.account_credentials) {
        const stored = sameChannel
          ? await decryptCredentials(tx, current.account_credentials_encrypted)
          : undefined;
        const next = credentialsOf(values.account_channel, values.account_credentials, stored);
        encrypted = next ? await encryptCredentials(tx, next) : null;
      }
      const changed = encrypted !== current.account_credentials_encrypted;
      const [row] = await tx
        .update(providerAccounts)
        .set({
          ...columnsOf(values),
          account_credentials_encrypted: encrypted,
          // What the last check found no longer holds for changed settings.
          account_state: 'unchecked',
          account_state_message: null,
          account_credit: null,
          account_checked_at: null,
        })
        .where(and(eq(providerAccounts._id, id), inMall(locationId)))
        .returning();
      await auditAccount(tx, actor, 'updated', row!, changed);
      return toAccount(row!);
    })
    .catch(kindTaken);

/** A notification that named the account goes back to the mall's bulk account (its key sets null). */
export const deleteProviderAccount = async (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    const row = await rowOf(tx, locationId, id);
    await tx.delete(providerAccounts).where(eq(providerAccounts._id, id));
    await auditAccount(tx, actor, 'deleted', row, false);
  });

/**
 * What dispatch (and any sender: OTP, transactional mail) calls: the mall's active account of a
 * channel and kind with its credentials decrypted, or undefined when there is none. Never answer it
 * to a browser.
 */
export type ProviderAccountWithCredentials = Row & { credentials: Record<string, unknown> };
export const providerAccountFor = async (
  db: Database,
  locationId: string,
  channel: ProviderAccountChannel,
  kind: ProviderAccountKind,
): Promise<ProviderAccountWithCredentials | undefined> => {
  const [row] = await db
    .select()
    .from(providerAccounts)
    .where(
      and(
        inMall(locationId),
        eq(providerAccounts.account_channel, channel),
        eq(providerAccounts.account_kind, kind),
        eq(providerAccounts.account_is_active, true),
      ),
    );
  if (!row) return undefined;
  return { ...row, credentials: (await decryptCredentials(db, row.account_credentials_encrypted)) ?? {} };
};

/**
 * The SMS accounts' credit, asked of NetGSM (`credit()`) for each active account with credentials
 * whose last answer is older than a minute, all at once, each within CREDIT_TIMEOUT_MS; the answer
 * or the failure is kept on the account (state ok or error) and never fails the list.
 */
const refreshCredits = async (db: Database, rows: Row[], logger?: Logger) => {
  const now = Date.now();
  await Promise.all(
    rows
      .filter(
        (row) =>
          row.account_channel === 'sms' &&
          row.account_is_active &&
          row.account_credentials_encrypted !== null &&
          (!row.account_checked_at || now - row.account_checked_at.getTime() > CREDIT_FRESH_MS),
      )
      .map(async (row) => {
        let update: Partial<Row>;
        try {
          const credentials =
            (await decryptCredentials<Record<string, unknown>>(db, row.account_credentials_encrypted)) ?? {};
          const driver = netgsmBulkSms(
            {
              url: row.account_endpoint ?? NETGSM_URL,
              user: String(credentials.user ?? ''),
              password: String(credentials.password ?? ''),
              sender: row.account_sender ?? '',
              ...(row.account_appname && { appname: row.account_appname }),
            },
            { timeoutMs: CREDIT_TIMEOUT_MS, logger },
          );
          const credit = await Promise.race([
            driver.credit(),
            new Promise<never>((_, reject) =>
              setTimeout(() => reject(new Error('no answer in time')), CREDIT_TIMEOUT_MS + 500).unref(),
            ),
          ]);
          update = { account_state: 'ok', account_state_message: null, account_credit: credit };
        } catch (error) {
          logger?.warn({ err: error, account: row._id }, 'provider account credit check failed');
          update = {
            account_state: 'error',
            account_state_message: (error instanceof Error ? error.message : String(error)).slice(0, 300),
          };
        }
        const checkedAt = new Date();
        await db
          .update(providerAccounts)
          .set({ ...update, account_checked_at: checkedAt })
          .where(eq(providerAccounts._id, row._id));
        Object.assign(row, update, { account_checked_at: checkedAt });
      }),
  );
};

/** `GET /data/dashboard/{sms|mail}-service-accounts`: the channel's accounts with their state (and SMS credit). */
export const serviceAccounts = async (
  db: Database,
  locationId: string,
  channel: 'sms' | 'email',
  logger?: Logger,
) => {
  const rows = await db
    .select()
    .from(providerAccounts)
    .where(and(inMall(locationId), eq(providerAccounts.account_channel, channel)))
    .orderBy(asc(providerAccounts.account_kind));
  if (channel === 'sms') await refreshCredits(db, rows, logger);
  return rows.map(toAccount);
};
