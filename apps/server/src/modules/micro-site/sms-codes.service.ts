import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type Language, smsCodeRules } from '@avlu/contracts';
import { eq, sql } from 'drizzle-orm';
import type { SmsConfig } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import { countAttempt } from '../auth/rate-limits.service';
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
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export type SmsCodeContext = {
  sms: SmsSender;
  config: Pick<SmsConfig, 'hourlyBudget' | 'codesPerAddressPerHour'>;
};

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

export const smsCodeText = (lang: Language, mallName: string, code: string) => {
  const minutes = smsCodeRules.validSeconds / 60;
  return lang === 'en'
    ? `Your ${mallName} sign-in code: ${code}. The code is valid for ${minutes} minutes.`
    : `${mallName} giriş kodunuz: ${code}. Kod ${minutes} dakika geçerlidir.`;
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
const hours = (ms: number) => Math.max(1, Math.ceil(ms / HOUR_MS));

type Field = 'customer_phone' | 'sms_code';

const tooMany = (
  code: 'SMS_HOURLY_LIMIT' | 'SMS_DAILY_LIMIT' | 'SMS_ADDRESS_LIMIT' | 'SMS_BUDGET_EXCEEDED',
  waitMs: number,
  params: Record<string, number>,
  fieldKey: string,
) =>
  new AppError(code, 429, {
    params: { minutes: minutes(waitMs), hours: hours(waitMs), seconds: seconds(waitMs), ...params },
    fields: { customer_phone: fieldKey },
    retryAfterSeconds: seconds(waitMs),
  });

const locked = (lockedUntil: Date, now: Date, field: Field) =>
  new AppError('PHONE_LOCKED', 429, {
    params: { hours: hours(lockedUntil.getTime() - now.getTime()) },
    fields: { [field]: 'phoneLocked' },
    retryAfterSeconds: seconds(lockedUntil.getTime() - now.getTime()),
  });

/**
 * Counts one SMS against the server's hourly budget (SMS_HOURLY_BUDGET, every mall and every kind of
 * SMS together) and throws SMS_BUDGET_EXCEEDED once it is spent. Call it last inside the transaction
 * that decides to send, so a refusal rolls the count back; later kinds of SMS use it too.
 */
export const spendSmsBudget = async (tx: Database, hourlyBudget: number, now = new Date()) => {
  const [budget] = await countAttempt(tx, ['sms:budget'], HOUR_MS, now);
  if (budget!.count > hourlyBudget)
    throw tooMany('SMS_BUDGET_EXCEEDED', budget!.resetsAt.getTime() - now.getTime(), {}, 'smsUnavailable');
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
 * in this order: a locked phone; the phone's hourly and daily caps; the client address's hourly cap;
 * the server's hourly SMS budget. The SMS goes out after the decision is committed, so no lock is
 * held while a gateway answers; should it fail, the code is withdrawn (the caller may ask again at
 * once) and SMS_NOT_SENT answered, the counts staying spent.
 */
export const requestCode = async (
  db: Database,
  context: SmsCodeContext,
  request: { phone: string; mallName: string; lang: Language; address: string },
  now = new Date(),
): Promise<CodeChallenge> => {
  const { phone } = request;
  const decision = await db.transaction(async (tx) => {
    const state = await lockPhone(tx, phone);
    if (state.locked_until && state.locked_until > now)
      throw locked(state.locked_until, now, 'customer_phone');
    if (
      state.code_sent_at &&
      state.code_expires_at &&
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
    const [address] = await countAttempt(tx, [`sms:address:${request.address}`], HOUR_MS, now);
    if (address!.count > context.config.codesPerAddressPerHour)
      throw tooMany(
        'SMS_ADDRESS_LIMIT',
        address!.resetsAt.getTime() - now.getTime(),
        { limit: context.config.codesPerAddressPerHour },
        'smsUnavailable',
      );
    // Last, so a request refused for any other reason does not spend the server's budget.
    await spendSmsBudget(tx, context.config.hourlyBudget, now);

    const code = newCode();
    const expiresAt = new Date(now.getTime() + smsCodeRules.validSeconds * 1000);
    await tx
      .update(smsPhoneStates)
      .set({
        code_hash: hashCode(phone, code, now),
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
    await context.sms.send({ to: phone, text: smsCodeText(request.lang, request.mallName, decision.code) });
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
 * the code is right, which spends it and ends the phone's streak of wrong tries. Refusals name
 * `sms_code`: a locked phone (10 wrong tries in a row across codes lock it for 24 hours), no live
 * code (never sent, used, replaced or expired), a code spent by 5 wrong tries, a wrong code with
 * the tries left.
 */
export const checkCode = async (
  tx: Database,
  phone: string,
  code: string,
  now = new Date(),
): Promise<AppError | undefined> => {
  const [state] = await tx.select().from(smsPhoneStates).where(eq(smsPhoneStates.phone, phone)).for('update');
  if (!state) return new AppError('SMS_CODE_EXPIRED', 400, { fields: { sms_code: 'smsCodeExpired' } });
  if (state.locked_until && state.locked_until > now) return locked(state.locked_until, now, 'sms_code');
  if (!state.code_hash || !state.code_sent_at || !state.code_expires_at || state.code_expires_at <= now)
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
    return undefined;
  }
  const tries = state.code_tries + 1;
  const failures = state.failures_in_row + 1;
  if (failures >= smsCodeRules.failuresBeforeLock) {
    const until = new Date(now.getTime() + smsCodeRules.lockHours * HOUR_MS);
    await tx
      .update(smsPhoneStates)
      .set({ code_hash: null, code_tries: tries, failures_in_row: 0, locked_until: until, updated_at: now })
      .where(eq(smsPhoneStates.phone, phone));
    return locked(until, now, 'sms_code');
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
 * is committed before the refusal is thrown.
 */
export const withCheckedCode = async <T>(
  db: Database,
  phone: string,
  code: string,
  work: (tx: Database) => Promise<T>,
  now = new Date(),
): Promise<T> => {
  const outcome = await db.transaction(async (tx) => {
    const refusal = await checkCode(tx, phone, code, now);
    if (refusal) return { refusal };
    return { value: await work(tx) };
  });
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.value;
};
