import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Language, smsCodeRules } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { clientKey, networkKey } from '../../platform/client-address';
import type { SmsConfig } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import {
  type Counter,
  countAttempt,
  readCounters,
  resetCounters,
  uncountAttempt,
} from '../auth/rate-limits.service';
import { locations } from '../locations/locations.tables';
import { requireSolvedChallenge } from './challenge.service';
import { smsPhoneStates } from './micro-site.tables';

/*
 * Sign-in codes (spec §5, §9; issue 5). One code and one set of counters per PHONE, across every
 * mall, not per mall: an SMS costs the same whatever mall asked for it, and a person is one phone,
 * so per-mall caps would multiply every limit by the number of malls (ten malls: fifty codes an
 * hour to one victim's phone, fifty wrong guesses before a lock). A code proves that the caller
 * holds the phone, which is the same fact on every micro-site, so a code asked for on one mall's
 * micro-site is accepted on another's (the sign-in itself stays in the mall it happens in).
 *
 * Every decision locks the phone's row in `sms_phone_states` (`select … for update`), so concurrent
 * requests for one phone are decided one after another: parallel checks send one code, parallel
 * wrong tries never pass the try limit. The per-address and server-wide counts are atomic upserts
 * in `rate_limit_counters` inside the same transaction, so a refused request takes its count back.
 *
 * Against SMS pumping (issue 10, point 4) the SMS themselves are budgeted per mall as well as for
 * the server (`spendSmsBudget`), with a reserve of each mall's budget for phones already registered
 * there, and counted per client network and per number range; once a mall's hourly use (or the
 * server's, or the wrong codes seen) looks abnormal, a proof-of-work challenge must be solved first
 * (`guardCodeRequest`, `guardCodeCheck`). Wrong codes are counted per client address, network and
 * mall besides per phone (point 5), so guessing across many phones stops early.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The logger the budget's warnings go to (a request's or the app's). */
export type WarnLog = Pick<FastifyBaseLogger, 'warn'>;

export type SmsCodeContext = { sms: SmsSender; config: SmsConfig; log: WarnLog };
/** What counting an SMS against the budgets needs: their settings, and a log for the warnings. */
export type SmsBudgetContext = Pick<SmsCodeContext, 'config' | 'log'>;

/** The mall an SMS is sent for: its id, name, and own hourly budget (null: the default). */
export type SmsMall = { _id: string; location_name: string; smsHourlyBudget: number | null };

/**
 * Digits of the E.164 number (country code included) that name its range: pumping walks number
 * ranges (premium or unallocated blocks), so codes are counted per range as well as per phone. 8
 * digits leave 10,000 numbers to a Turkish range.
 */
const PREFIX_DIGITS = 8;
export const numberPrefix = (phone: string) => phone.replace(/\D/g, '').slice(0, PREFIX_DIGITS);

const keys = {
  server: 'sms:budget',
  mall: (id: string) => `sms:mall:${id}`,
  address: (ip: string) => `sms:address:${clientKey(ip)}`,
  network: (ip: string) => `sms:network:${networkKey(ip)}`,
  prefix: (phone: string) => `sms:prefix:${numberPrefix(phone)}`,
  failedAddress: (ip: string) => `sms:failed:address:${clientKey(ip)}`,
  failedNetwork: (ip: string) => `sms:failed:network:${networkKey(ip)}`,
  failedMall: (id: string) => `sms:failed:mall:${id}`,
  /** Wrong codes in a row for one phone from one network, and that pair's lock. */
  streak: (phone: string, ip: string) => `sms:streak:${networkKey(ip)}:${phone}`,
  pairLock: (phone: string, ip: string) => `sms:locked:${networkKey(ip)}:${phone}`,
};

/** When the phone is locked for the client's network (`failuresBeforeLock` wrong codes in a row from it). */
const pairLockedUntil = async (db: Database, phone: string, ip: string, now: Date) => {
  const [lock] = await readCounters(db, [keys.pairLock(phone, ip)], smsCodeRules.lockHours * HOUR_MS, now);
  return lock!.count > 0 ? lock!.resetsAt : undefined;
};

/** A share (%) of a budget, as a count; 0% is 0, so a 0 threshold always applies. */
const share = (budget: number, percent: number) => Math.ceil((budget * percent) / 100);

export const mallBudgetOf = (
  config: Pick<SmsConfig, 'mallHourlyBudget'>,
  mall: Pick<SmsMall, 'smsHourlyBudget'>,
) => mall.smsHourlyBudget ?? config.mallHourlyBudget;

/**
 * What is stored of a code: HMAC-SHA256 keyed by the phone over the code and its send time, so a
 * code is never in the table, one hash fits one phone and one send only, and equal codes do not look
 * equal. With 10,000 codes a hash can still be searched through; what keeps a copy of the table
 * harmless is that only a live code is kept (five minutes, single use) and that a used one is erased.
 */
const hashCode = (phone: string, code: string, sentAt: Date) =>
  createHmac('sha256', phone).update(`${code}:${sentAt.getTime()}`).digest('hex');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** A uniformly random code of smsCodeRules.length digits, leading zeros included. */
const newCode = () => String(randomInt(0, 10 ** smsCodeRules.length)).padStart(smsCodeRules.length, '0');

/**
 * What a code is for: signing in on the micro-site, or confirming at a store's till that the holder
 * of a coupon code is there (code validation, modules/campaigns/code-validation.service.ts). A code
 * is accepted only for the purpose it was sent for, so a code read out to a clerk never signs anyone
 * in; the caps, budgets and locks are the phone's, whatever the purpose.
 */
export type SmsCodePurpose = 'sign-in' | 'coupon-redemption';

export const smsCodeText = (
  lang: Language,
  mallName: string,
  code: string,
  purpose: SmsCodePurpose = 'sign-in',
) => {
  const minutes = smsCodeRules.validSeconds / 60;
  if (purpose === 'coupon-redemption')
    return lang === 'en'
      ? `Your ${mallName} coupon confirmation code: ${code}. The code is valid for ${minutes} minutes. Tell it only to the staff at the till.`
      : `${mallName} kupon kullanım onay kodunuz: ${code}. Kod ${minutes} dakika geçerlidir. Kodu yalnızca kasadaki görevliye söyleyin.`;
  return lang === 'en'
    ? `Your ${mallName} sign-in code: ${code}. The code is valid for ${minutes} minutes.`
    : `${mallName} giriş kodunuz: ${code}. Kod ${minutes} dakika geçerlidir.`;
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const hours = (ms: number) => Math.max(1, Math.ceil(ms / HOUR_MS));

type Field = 'customer_phone' | 'sms_code';

const tooMany = (
  code:
    | 'SMS_HOURLY_LIMIT'
    | 'SMS_DAILY_LIMIT'
    | 'SMS_ADDRESS_LIMIT'
    | 'SMS_NETWORK_LIMIT'
    | 'SMS_PREFIX_LIMIT'
    | 'SMS_BUDGET_EXCEEDED'
    | 'SMS_CODE_ATTEMPTS',
  waitMs: number,
  params: Record<string, number>,
  fieldKey: string,
  field: Field = 'customer_phone',
) =>
  new AppError(code, 429, {
    params: { minutes: minutes(waitMs), hours: hours(waitMs), seconds: seconds(waitMs), ...params },
    fields: { [field]: fieldKey },
    retryAfterSeconds: seconds(waitMs),
  });

const locked = (lockedUntil: Date, now: Date, field: Field) =>
  new AppError('PHONE_LOCKED', 429, {
    params: { hours: hours(lockedUntil.getTime() - now.getTime()) },
    fields: { [field]: 'phoneLocked' },
    retryAfterSeconds: seconds(lockedUntil.getTime() - now.getTime()),
  });

/** Logs a warning as a budget's use reaches half, four fifths and all of it: once per window. */
const warnAtThresholds = (log: WarnLog, used: number, budget: number, what: Record<string, unknown>) => {
  for (const percent of [50, 80, 100])
    if (budget > 0 && used === share(budget, percent))
      log.warn(
        { ...what, used, budget, percent },
        `SMS budget ${percent}% used this hour${percent === 100 ? ': further SMS are refused until the hour ends' : ''}`,
      );
};

/**
 * Counts one SMS against the mall's hourly budget (its `location_sms_hourly_budget`, else
 * SMS_MALL_HOURLY_BUDGET) and the server's (SMS_HOURLY_BUDGET, every mall together: the ceiling and
 * kill switch), and throws SMS_BUDGET_EXCEEDED once either is spent. The last
 * SMS_REGISTERED_RESERVE_PERCENT of a mall's budget is only for phones registered at that mall
 * (`registered`), so a flood of unknown numbers cannot lock the mall's customers out. Warnings are
 * logged at 50%, 80% and 100% of each budget. Call it last inside the transaction that decides to
 * send, so a refusal rolls the counts back; later kinds of SMS use it too.
 */
export const spendSmsBudget = async (
  tx: Database,
  context: SmsBudgetContext,
  spend: { mall: Pick<SmsMall, '_id' | 'smsHourlyBudget'>; registered: boolean },
  now = new Date(),
) => {
  const { config, log } = context;
  const mallBudget = mallBudgetOf(config, spend.mall);
  const unreserved = mallBudget - share(mallBudget, config.registeredReservePercent);
  const [server, mall] = await countAttempt(tx, [keys.server, keys.mall(spend.mall._id)], HOUR_MS, now);
  const refuse = (counter: typeof server) =>
    tooMany('SMS_BUDGET_EXCEEDED', counter!.resetsAt.getTime() - now.getTime(), {}, 'smsUnavailable');
  if (server!.count > config.hourlyBudget) throw refuse(server);
  if (mall!.count > mallBudget || (!spend.registered && mall!.count > unreserved)) throw refuse(mall);
  warnAtThresholds(log, server!.count, config.hourlyBudget, { scope: 'server' });
  warnAtThresholds(log, mall!.count, mallBudget, { scope: 'mall', locationId: spend.mall._id });
  if (mall!.count === unreserved && unreserved < mallBudget)
    log.warn(
      { scope: 'mall', locationId: spend.mall._id, used: mall!.count, budget: mallBudget },
      'SMS budget: the share for unregistered numbers is spent this hour; only registered customers get codes',
    );
};

/**
 * One SMS the mall's staff send a customer (a coupon code, a feedback's answer, a word about a
 * reservation): counted by `spendSmsBudget` against the mall's own budget, with the reserve open (the
 * customer is the mall's).
 */
export const spendStaffSmsBudget = async (tx: Database, context: SmsBudgetContext, mallId: string) => {
  const [mall] = await tx
    .select({ smsHourlyBudget: locations.sms_hourly_budget })
    .from(locations)
    .where(eq(locations._id, mallId));
  await spendSmsBudget(tx, context, {
    mall: { _id: mallId, smsHourlyBudget: mall?.smsHourlyBudget ?? null },
    registered: true,
  });
};

type Count = Pick<Counter, 'count' | 'resetsAt'>;

/** This hour's counts of keys, without counting anything. */
const currentCounts = (db: Database, names: string[], now: Date) => readCounters(db, names, HOUR_MS, now);

type GuardRequest = {
  ip: string;
  mall: Pick<SmsMall, '_id' | 'smsHourlyBudget'>;
  altcha: string | undefined;
};

/**
 * Wrong codes that call for a challenge: a third of an address's or a network's limit, or a share of
 * the mall's hourly SMS budget (SMS_CHALLENGE_PERCENT) in wrong codes at the mall.
 */
const failuresCallForChallenge = (config: SmsConfig, mallBudget: number, failures: Count[]) => {
  const [address, network, mall] = failures.map((failure) => failure.count) as [number, number, number];
  return (
    address >= Math.ceil(config.failedCodesPerAddressPerHour / 3) ||
    network >= Math.ceil(config.failedCodesPerNetworkPerHour / 3) ||
    (mall > 0 && mall >= share(mallBudget, config.challengePercent))
  );
};

/** 429 SMS_CODE_ATTEMPTS once an address's or network's wrong codes passed their hourly limit. */
const assertFailuresWithinLimits = (config: SmsConfig, address: Count, network: Count, now: Date) => {
  for (const [counter, limit] of [
    [address, config.failedCodesPerAddressPerHour],
    [network, config.failedCodesPerNetworkPerHour],
  ] as const)
    if (counter.count >= limit)
      throw tooMany(
        'SMS_CODE_ATTEMPTS',
        counter.resetsAt.getTime() - now.getTime(),
        { limit },
        'smsCodeAttempts',
        'sms_code',
      );
};

const failureKeys = (request: { ip: string; mall: Pick<SmsMall, '_id'> }) => [
  keys.failedAddress(request.ip),
  keys.failedNetwork(request.ip),
  keys.failedMall(request.mall._id),
];

/**
 * Before a code is sent (check, resend): a solved challenge is required once the mall has used
 * SMS_CHALLENGE_PERCENT of its hourly budget, the server that share of its own, or the client's
 * address, network or mall has had too many wrong codes (`failuresCallForChallenge`).
 */
export const guardCodeRequest = async (
  db: Database,
  context: Pick<SmsCodeContext, 'config'>,
  request: GuardRequest,
  now = new Date(),
) => {
  const { config } = context;
  const mallBudget = mallBudgetOf(config, request.mall);
  const [server, mall, ...failures] = await currentCounts(
    db,
    [keys.server, keys.mall(request.mall._id), ...failureKeys(request)],
    now,
  );
  // Abnormal: past the challenge share of a budget, yet not spent (a spent one refuses anyway).
  const abnormal = (used: number, budget: number) =>
    used >= share(budget, config.challengePercent) && used < budget;
  if (
    abnormal(mall!.count, mallBudget) ||
    abnormal(server!.count, config.hourlyBudget) ||
    failuresCallForChallenge(config, mallBudget, failures)
  )
    await requireSolvedChallenge(db, config, request.altcha, now);
};

/**
 * Before a code is checked (login, register): once the client's address or network has had too many
 * wrong codes this hour (SMS_FAILED_CODES_PER_ADDRESS_PER_HOUR, SMS_FAILED_CODES_PER_NETWORK_PER_HOUR),
 * 429 SMS_CODE_ATTEMPTS naming `sms_code`; after a few, a solved challenge. The hard limits are
 * counted atomically in `withCheckedCode`; this early look spares the work.
 */
export const guardCodeCheck = async (
  db: Database,
  context: Pick<SmsCodeContext, 'config'>,
  request: GuardRequest,
  now = new Date(),
) => {
  const { config } = context;
  const failures = await currentCounts(db, failureKeys(request), now);
  assertFailuresWithinLimits(config, failures[0]!, failures[1]!, now);
  if (failuresCallForChallenge(config, mallBudgetOf(config, request.mall), failures))
    await requireSolvedChallenge(db, config, request.altcha, now);
};

/** The phone's row, created when missing, locked for the rest of the transaction. */
const lockPhone = async (tx: Database, phone: string) => {
  await tx.insert(smsPhoneStates).values({ phone }).onConflictDoNothing();
  const [state] = await tx.select().from(smsPhoneStates).where(eq(smsPhoneStates.phone, phone)).for('update');
  return state!;
};

export type CodeChallenge = { resendAt: Date; expiresAt: Date; sent: boolean };

const challengeOf = (sentAt: Date, expiresAt: Date, sent: boolean): CodeChallenge => ({
  resendAt: new Date(sentAt.getTime() + smsCodeRules.resendSeconds * 1000),
  expiresAt,
  sent,
});

/**
 * POST /ext/customers/check and /sms-resend: sends a new code to the phone unless the last one's
 * resend wait still runs, in which case nothing is sent and the same countdown is answered. Refused,
 * in this order: a locked phone; the phone's hourly and daily caps; the client address's, network's
 * and number range's hourly caps; the mall's and the server's hourly SMS budgets (`spendSmsBudget`,
 * `registered` opening the mall's reserve). The SMS goes out after the decision is committed, so no
 * lock is held while a gateway answers; should it fail, the code is withdrawn (the caller may ask
 * again at once) and SMS_NOT_SENT answered, the counts staying spent.
 */
export const requestCode = async (
  db: Database,
  context: SmsCodeContext,
  request: {
    phone: string;
    mall: SmsMall;
    registered: boolean;
    lang: Language;
    ip: string;
    /** Defaults to signing in; a live code of another purpose is replaced, not waited for. */
    purpose?: SmsCodePurpose;
  },
  now = new Date(),
): Promise<CodeChallenge> => {
  const { phone } = request;
  const purpose = request.purpose ?? 'sign-in';
  const { config } = context;
  const decision = await db.transaction(async (tx) => {
    const state = await lockPhone(tx, phone);
    if (state.locked_until && state.locked_until > now)
      throw locked(state.locked_until, now, 'customer_phone');
    const pairLock = await pairLockedUntil(tx, phone, request.ip, now);
    if (pairLock) throw locked(pairLock, now, 'customer_phone');
    if (
      state.code_sent_at &&
      state.code_expires_at &&
      state.code_purpose === purpose &&
      now.getTime() < state.code_sent_at.getTime() + smsCodeRules.resendSeconds * 1000
    )
      return challengeOf(state.code_sent_at, state.code_expires_at, false);

    const sends = state.sends.filter((time) => time > now.getTime() - DAY_MS);
    const lastHour = sends.filter((time) => time > now.getTime() - HOUR_MS);
    if (lastHour.length >= smsCodeRules.codesPerPhonePerHour)
      throw tooMany(
        'SMS_HOURLY_LIMIT',
        lastHour[0]! + HOUR_MS - now.getTime(),
        { limit: smsCodeRules.codesPerPhonePerHour },
        'smsLimit',
      );
    if (sends.length >= smsCodeRules.codesPerPhonePerDay)
      throw tooMany(
        'SMS_DAILY_LIMIT',
        sends[0]! + DAY_MS - now.getTime(),
        { limit: smsCodeRules.codesPerPhonePerDay },
        'smsLimit',
      );
    const [address, network, prefix] = await countAttempt(
      tx,
      [keys.address(request.ip), keys.network(request.ip), keys.prefix(phone)],
      HOUR_MS,
      now,
    );
    for (const [counter, limit, code] of [
      [address, config.codesPerAddressPerHour, 'SMS_ADDRESS_LIMIT'],
      [network, config.codesPerNetworkPerHour, 'SMS_NETWORK_LIMIT'],
      [prefix, config.codesPerPrefixPerHour, 'SMS_PREFIX_LIMIT'],
    ] as const)
      if (counter!.count > limit)
        throw tooMany(code, counter!.resetsAt.getTime() - now.getTime(), { limit }, 'smsUnavailable');
    // Last, so a request refused for any other reason does not spend the budgets.
    await spendSmsBudget(tx, context, { mall: request.mall, registered: request.registered }, now);

    const code = newCode();
    const expiresAt = new Date(now.getTime() + smsCodeRules.validSeconds * 1000);
    await tx
      .update(smsPhoneStates)
      .set({
        code_hash: hashCode(phone, code, now),
        code_purpose: purpose,
        code_sent_at: now,
        code_expires_at: expiresAt,
        code_tries: 0,
        sends: [...sends, now.getTime()],
        updated_at: now,
      })
      .where(eq(smsPhoneStates.phone, phone));
    return { ...challengeOf(now, expiresAt, true), code };
  });
  if (!('code' in decision)) return decision;
  try {
    await context.sms.send(
      {
        to: phone,
        text: smsCodeText(request.lang, request.mall.location_name, decision.code, purpose),
      },
      // Through the mall's otp SMS account when it has one (spec §3), else the server's gateway.
      { mall: { locationId: request.mall._id, account: 'otp' } },
    );
  } catch (error) {
    await db
      .update(smsPhoneStates)
      .set({ code_hash: null, code_sent_at: null, code_expires_at: null })
      .where(
        sql`${smsPhoneStates.phone} = ${phone} and ${smsPhoneStates.code_sent_at} = ${now.toISOString()}::timestamptz`,
      );
    throw error instanceof AppError ? error : new AppError('SMS_NOT_SENT', 503, { retryAfterSeconds: 60 });
  }
  return { resendAt: decision.resendAt, expiresAt: decision.expiresAt, sent: true };
};

/**
 * Checks a code inside the caller's transaction, the phone's row locked: answers a refusal to throw
 * after committing (a wrong try must be counted even though the request fails), or undefined when
 * the code is right, which spends it and ends the phone's streaks of wrong tries. Refusals name
 * `sms_code`: a locked phone, no live code (never sent, used, replaced or expired), a code spent by
 * 5 wrong tries, a wrong code with the tries left. Locks come in two kinds, so that an attacker
 * cannot lock a customer out by guessing: 10 wrong tries in a row from one client network lock the
 * phone for that network only (24 hours); 20 in a row from all networks together lock it for everyone
 * (the backstop against guessing from many networks).
 */
export const checkCode = async (
  tx: Database,
  phone: string,
  code: string,
  ip: string,
  now = new Date(),
  purpose: SmsCodePurpose = 'sign-in',
): Promise<AppError | undefined> => {
  const [state] = await tx.select().from(smsPhoneStates).where(eq(smsPhoneStates.phone, phone)).for('update');
  if (!state) return new AppError('SMS_CODE_EXPIRED', 400, { fields: { sms_code: 'smsCodeExpired' } });
  if (state.locked_until && state.locked_until > now) return locked(state.locked_until, now, 'sms_code');
  const pairLock = await pairLockedUntil(tx, phone, ip, now);
  if (pairLock) return locked(pairLock, now, 'sms_code');
  if (
    !state.code_hash ||
    !state.code_sent_at ||
    !state.code_expires_at ||
    state.code_expires_at <= now ||
    state.code_purpose !== purpose
  )
    return new AppError('SMS_CODE_EXPIRED', 400, { fields: { sms_code: 'smsCodeExpired' } });
  if (state.code_tries >= smsCodeRules.triesPerCode)
    return new AppError('SMS_CODE_SPENT', 400, { fields: { sms_code: 'smsCodeSpent' } });

  if (sameHash(hashCode(phone, code, state.code_sent_at), state.code_hash)) {
    await tx
      .update(smsPhoneStates)
      // Used: the next sign-in may ask for a code at once (the resend wait guards a code in flight).
      .set({
        code_hash: null,
        code_sent_at: null,
        code_expires_at: null,
        code_tries: 0,
        failures_in_row: 0,
        updated_at: now,
      })
      .where(eq(smsPhoneStates.phone, phone));
    await resetCounters(tx, [keys.streak(phone, ip)]);
    return undefined;
  }
  const tries = state.code_tries + 1;
  const failures = state.failures_in_row + 1;
  const lockUntil = new Date(now.getTime() + smsCodeRules.lockHours * HOUR_MS);
  if (failures >= smsCodeRules.failuresBeforePhoneLock) {
    await tx
      .update(smsPhoneStates)
      .set({
        code_hash: null,
        code_tries: tries,
        failures_in_row: 0,
        locked_until: lockUntil,
        updated_at: now,
      })
      .where(eq(smsPhoneStates.phone, phone));
    return locked(lockUntil, now, 'sms_code');
  }
  const [streak] = await countAttempt(tx, [keys.streak(phone, ip)], smsCodeRules.lockHours * HOUR_MS, now);
  if (streak!.count >= smsCodeRules.failuresBeforeLock) {
    await resetCounters(tx, [keys.streak(phone, ip), keys.pairLock(phone, ip)]);
    await countAttempt(tx, [keys.pairLock(phone, ip)], smsCodeRules.lockHours * HOUR_MS, now);
    // The live code stays: it is the customer's, on their own network.
    await tx
      .update(smsPhoneStates)
      .set({ code_tries: tries, failures_in_row: failures, updated_at: now })
      .where(eq(smsPhoneStates.phone, phone));
    return locked(lockUntil, now, 'sms_code');
  }
  await tx
    .update(smsPhoneStates)
    .set({ code_tries: tries, failures_in_row: failures, updated_at: now })
    .where(eq(smsPhoneStates.phone, phone));
  if (tries >= smsCodeRules.triesPerCode)
    return new AppError('SMS_CODE_SPENT', 400, { fields: { sms_code: 'smsCodeSpent' } });
  return new AppError('SMS_CODE_INVALID', 400, {
    params: { remaining: smsCodeRules.triesPerCode - tries },
    fields: { sms_code: 'smsCodeWrong' },
  });
};

/**
 * Runs `work` in one transaction with a checked code: the code is spent only if the work commits
 * (a login of an unregistered phone leaves it for the registration), while a refused code's count
 * is committed before the refusal is thrown. Every check counts first as a wrong code of the client
 * address, network and mall (atomic upserts, so parallel guesses from one address each see their
 * own count), taken back when the code is right: past an address's or network's hourly limit the
 * check is refused with SMS_CODE_ATTEMPTS before the code is looked at.
 */
export const withCheckedCode = async <T>(
  db: Database,
  context: Pick<SmsCodeContext, 'config'>,
  check: {
    phone: string;
    code: string;
    ip: string;
    mall: Pick<SmsMall, '_id'>;
    purpose?: SmsCodePurpose;
    /**
     * Runs first in the transaction, before anything is counted: it may lock what the work needs and
     * throw a refusal of its own, which then counts no wrong code (a coupon already redeemed by a
     * concurrent request, say).
     */
    before?: (tx: Database) => Promise<void>;
  },
  work: (tx: Database) => Promise<T>,
  now = new Date(),
): Promise<T> => {
  const { config } = context;
  const names = failureKeys(check);
  const outcome = await db.transaction(async (tx) => {
    await check.before?.(tx);
    const [address, network] = await countAttempt(tx, names, HOUR_MS, now);
    assertFailuresWithinLimits(
      config,
      { count: address!.count - 1, resetsAt: address!.resetsAt },
      { count: network!.count - 1, resetsAt: network!.resetsAt },
      now,
    );
    const refusal = await checkCode(tx, check.phone, check.code, check.ip, now, check.purpose);
    if (refusal) return { refusal };
    await uncountAttempt(tx, names);
    return { value: await work(tx) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
};
