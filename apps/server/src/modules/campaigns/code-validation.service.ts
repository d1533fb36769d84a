import {
  type CampaignType,
  CODE_VALIDATION_RULES,
  type CodeValidationResult,
  campaignTypesRedeemedAtStore,
  type codeValidationCampaign,
  couponCodeProblem,
  maskPersonName,
  maskPhone,
  normaliseCouponCode,
} from '@avlu/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '../../platform/audit';
import { clientKey } from '../../platform/client-address';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import { countAttempt, readCounters } from '../auth/rate-limits.service';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { assertAllowedPhone } from '../micro-site/micro-site.service';
import { requestCode, type WarnLog, withCheckedCode } from '../micro-site/sms-codes.service';
import type { Acting } from '../users/acting';
import { campaignNotFound } from './campaigns.service';
import { campaigns } from './campaigns.tables';
import { couponCodeHolds } from './code-validation.tables';
import { couponCodes } from './coupons.tables';

/*
 * Code validation at the store (issue 13 point 8, spec §7 "code-validation"). A clerk picks one of
 * the mall's campaigns whose codes are redeemed at stores and types a code:
 *
 * - the lookup (counted per staff user and per client address, sliding minute) answers the code's
 *   status, campaign and masked holder, and holds a given, unexpired code for this clerk for
 *   `CODE_VALIDATION_RULES.holdSeconds` (`coupon_code_holds`, one upsert that takes only a free,
 *   expired or own hold);
 * - `sendOtp` sends the holder's phone on file a code through the micro-site's sign-in code
 *   machinery (sms-codes.service.ts, purpose `coupon-redemption`: the same caps, budgets and locks);
 * - redeeming checks that code (`withCheckedCode`: wrong codes counted as the sign-in's) with the
 *   coupon's row locked first, then marks it used with one guarded update, ends the hold and audits.
 *
 * Another mall's code, and a code of another campaign, answer exactly as a missing one (404
 * COUPON_CODE_NOT_FOUND): every query is bound to the request's mall and the chosen campaign.
 */

export type CodeValidationDeps = { config: Pick<Config, 'sms'>; sms: SmsSender };
type CampaignChoice = z.infer<typeof codeValidationCampaign>;

const MINUTE_MS = 60_000;

const redeemable = (locationId: string) =>
  and(
    eq(campaigns.location_id, locationId),
    eq(campaigns.campaign_status, 'published'),
    inArray(campaigns.campaign_type, [...campaignTypesRedeemedAtStore]),
  );

const campaignColumns = {
  _id: campaigns._id,
  campaign_name: campaigns.campaign_name,
  campaign_name_en: campaigns.campaign_name_en,
  campaign_type: campaigns.campaign_type,
  campaign_start_date: campaigns.campaign_start_date,
  campaign_end_date: campaigns.campaign_end_date,
};
type CampaignRow = { [K in keyof typeof campaignColumns]: (typeof campaignColumns)[K]['_']['data'] };

const toChoice = (row: CampaignRow): CampaignChoice => ({
  ...row,
  campaign_start_date: row.campaign_start_date.toISOString(),
  campaign_end_date: row.campaign_end_date.toISOString(),
});

/** `GET /code-validation/campaigns`: the mall's published campaigns whose codes are redeemed at stores, by name. */
export const codeValidationCampaigns = async (
  db: Database,
  locationId: string,
): Promise<CampaignChoice[]> => {
  const rows = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(redeemable(locationId))
    .orderBy(asc(campaigns.campaign_name_key));
  return rows.map(toChoice);
};

const findCampaign = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(campaignColumns)
    .from(campaigns)
    .where(and(eq(campaigns._id, id), redeemable(locationId)));
  if (!row) throw campaignNotFound();
  return row;
};

const malformed = () =>
  new AppError('COUPON_CODE_MALFORMED', 400, { fields: { coupon_code: 'couponCodeMalformed' } });
const codeNotFound = () => new AppError('COUPON_CODE_NOT_FOUND', 404);
const codeUsed = () => new AppError('COUPON_CODE_USED', 409);
const codeNotGiven = () => new AppError('COUPON_CODE_NOT_GIVEN', 409);
const codeExpired = () => new AppError('COUPON_CODE_EXPIRED', 409);
const codeHeld = () => new AppError('COUPON_CODE_HELD', 409);
const codeNotHeld = () => new AppError('COUPON_CODE_NOT_HELD', 409);

/** The typed code as stored, refused at once when the campaign's codes carry a check symbol it lacks. */
const storedForm = (type: CampaignType, typed: string) => {
  if (couponCodeProblem(type, typed)) throw malformed();
  return normaliseCouponCode(typed);
};

const codeColumns = {
  _id: couponCodes._id,
  coupon_code: couponCodes.coupon_code,
  coupon_status: couponCodes.coupon_status,
  customer_id: couponCodes.customer_id,
  coupon_given_at: couponCodes.coupon_given_at,
  coupon_used_at: couponCodes.coupon_used_at,
  coupon_expires_at: couponCodes.coupon_expires_at,
  customer_name: customers.customer_name,
  customer_surname: customers.customer_surname,
  customer_phone: customers.customer_phone,
  customer_erased: sql<boolean>`${customers.customer_erasedAt} is not null`,
};

/** The code of this campaign in this mall, with its holder; `lock` takes its row for the transaction. */
const findCode = async (db: Database, locationId: string, campaignId: string, code: string, lock = false) => {
  const query = db
    .select(codeColumns)
    .from(couponCodes)
    .leftJoin(customers, eq(customers._id, couponCodes.customer_id))
    .where(
      and(
        eq(couponCodes.location_id, locationId),
        eq(couponCodes.campaign_id, campaignId),
        eq(couponCodes.coupon_code, code),
      ),
    );
  const [row] = await (lock ? query.for('update', { of: couponCodes }) : query);
  if (!row) throw codeNotFound();
  return row;
};
type CodeRow = Awaited<ReturnType<typeof findCode>>;

/** The holder's phone on file, when the code has a holder who can still receive an SMS. */
const holderPhone = (row: CodeRow) =>
  row.customer_id && row.customer_phone && !row.customer_erased ? row.customer_phone : undefined;

/**
 * Why a code cannot be redeemed now, in the order the clerk needs to hear it: used, not given yet,
 * past its own expiry or its campaign's end (or marked not used), no holder left.
 */
const assertRedeemable = (row: CodeRow, campaign: CampaignRow, now: Date) => {
  if (row.coupon_status === 'used') throw codeUsed();
  if (row.coupon_status === 'ready') throw codeNotGiven();
  if (
    row.coupon_status === 'not_used' ||
    (row.coupon_expires_at && row.coupon_expires_at <= now) ||
    campaign.campaign_end_date <= now
  )
    throw codeExpired();
  if (!holderPhone(row)) throw codeNotGiven();
};

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Counts one lookup for the staff user and for the client address, in a sliding minute (the
 * sliding-window counter): each is counted in the current clock minute's counter
 * (`rate_limit_counters`, an atomic upsert), and the minute before is weighed by how much of it still
 * lies within the last 60 seconds. Two counters per key, by the minute's parity: a counter whose
 * window started two minutes ago is reset by the upsert itself. Refused lookups count too, so a form
 * hammered by a script stays closed.
 */
const countLookup = async (db: Database, staffId: string, ip: string, now: Date) => {
  const minute = Math.floor(now.getTime() / MINUTE_MS);
  const elapsed = (now.getTime() - minute * MINUTE_MS) / MINUTE_MS;
  const limits = [
    [`code-lookup:user:${staffId}`, CODE_VALIDATION_RULES.lookupsPerMinutePerUser],
    [`code-lookup:address:${clientKey(ip)}`, CODE_VALIDATION_RULES.lookupsPerMinutePerAddress],
  ] as const;
  const current = await countAttempt(
    db,
    limits.map(([key]) => `${key}:${minute % 2}`),
    MINUTE_MS,
    now,
  );
  // The other parity's counter counts the minute before if it started then (within 2 minutes), not
  // one started three minutes ago.
  const previous = await readCounters(
    db,
    limits.map(([key]) => `${key}:${(minute + 1) % 2}`),
    2 * MINUTE_MS,
    now,
  );
  let waitMs = 0;
  limits.forEach(([, limit], index) => {
    const count = current[index]!.count;
    const before = previous[index]!.count;
    if (before * (1 - elapsed) + count <= limit) return;
    // When, without more lookups, the window holds no more than the limit again: within this minute
    // as the previous one's weight fades, or in the next as this one's does.
    const untilFaded =
      count <= limit && before > 0
        ? (1 - (limit - count) / before - elapsed) * MINUTE_MS
        : (1 - elapsed + (1 - limit / count)) * MINUTE_MS;
    waitMs = Math.max(waitMs, untilFaded);
  });
  if (waitMs > 0)
    throw new AppError('COUPON_LOOKUP_LIMIT', 429, {
      params: { seconds: seconds(waitMs) },
      retryAfterSeconds: seconds(waitMs),
    });
};

/**
 * Takes the hold of a code for the staff user until `now + holdSeconds`: one upsert that overwrites
 * only the user's own hold or an expired one, so of two tills looking up at once one gets it.
 * Answers the hold's end, or undefined when another user holds it.
 */
const takeHold = async (db: Database, codeId: string, staffId: string, now: Date) => {
  const expiresAt = new Date(now.getTime() + CODE_VALIDATION_RULES.holdSeconds * 1000);
  const [hold] = await db
    .insert(couponCodeHolds)
    .values({ coupon_code_id: codeId, admin_id: staffId, held_at: now, expires_at: expiresAt })
    .onConflictDoUpdate({
      target: couponCodeHolds.coupon_code_id,
      set: { admin_id: staffId, held_at: now, expires_at: expiresAt },
      setWhere: sql`${couponCodeHolds.admin_id} = ${staffId} or ${couponCodeHolds.expires_at} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ expires_at: couponCodeHolds.expires_at });
  return hold?.expires_at;
};

/** The staff user's live hold of a code, else 409 COUPON_CODE_NOT_HELD. */
const assertHeld = async (db: Database, codeId: string, staffId: string, now: Date) => {
  const [hold] = await db
    .select({ expires_at: couponCodeHolds.expires_at })
    .from(couponCodeHolds)
    .where(
      and(
        eq(couponCodeHolds.coupon_code_id, codeId),
        eq(couponCodeHolds.admin_id, staffId),
        sql`${couponCodeHolds.expires_at} > ${now.toISOString()}::timestamptz`,
      ),
    );
  if (!hold) throw codeNotHeld();
};

const iso = (value: Date | null) => value?.toISOString() ?? null;

/**
 * `GET /code-validation?campaign_id&coupon_code`: counted first (429 COUPON_LOOKUP_LIMIT), then the
 * campaign (one the clerk may pick, else 404 CAMPAIGN_NOT_FOUND), the code's form (400
 * COUPON_CODE_MALFORMED for a generated code with a wrong check symbol, before any lookup), the code
 * (404 COUPON_CODE_NOT_FOUND), whether it can be redeemed (409 USED, NOT_GIVEN, EXPIRED) and the hold
 * (409 COUPON_CODE_HELD while another user's runs; the same user's is renewed).
 */
export const lookUpCode = async (
  db: Database,
  locationId: string,
  query: { campaign_id: string; coupon_code: string },
  actor: Acting,
  now = new Date(),
): Promise<CodeValidationResult> => {
  await countLookup(db, actor.staff._id, actor.ip, now);
  const campaign = await findCampaign(db, locationId, query.campaign_id);
  const code = storedForm(campaign.campaign_type, query.coupon_code);
  const row = await findCode(db, locationId, campaign._id, code);
  assertRedeemable(row, campaign, now);
  const holdExpiresAt = await takeHold(db, row._id, actor.staff._id, now);
  if (!holdExpiresAt) throw codeHeld();
  const name = [row.customer_name, row.customer_surname].filter(Boolean).join(' ');
  return {
    coupon_code: row.coupon_code,
    coupon_status: row.coupon_status,
    campaign: toChoice(campaign),
    holder: { masked_name: maskPersonName(name), masked_phone: maskPhone(holderPhone(row)!) },
    coupon_given_at: iso(row.coupon_given_at),
    coupon_used_at: iso(row.coupon_used_at),
    coupon_expires_at: iso(row.coupon_expires_at),
    hold_expires_at: holdExpiresAt.toISOString(),
  };
};

/** The mall as the SMS budget sees it (its own hourly budget, if any). */
const smsMall = async (db: Database, locationId: string) => {
  const [row] = await db
    .select({
      _id: locations._id,
      location_name: locations.location_name,
      smsHourlyBudget: locations.sms_hourly_budget,
    })
    .from(locations)
    .where(eq(locations._id, locationId));
  return row!;
};

/**
 * `POST /code-validation/sendOtp`: the clerk must hold the code (409 COUPON_CODE_NOT_HELD); a
 * `customer_phone`, when given, must be the holder's (400 COUPON_HOLDER_PHONE_MISMATCH naming it).
 * The code goes to the holder's phone on file through `requestCode` (purpose `coupon-redemption`),
 * with the sign-in's rules: only mobile numbers of SMS_ALLOWED_COUNTRIES (400 PHONE_NOT_ALLOWED), the resend wait (nothing sent, the same countdown answered), the phone's,
 * address's, network's and number range's caps, and the mall's and the server's SMS budgets (the
 * holder is the mall's customer, so the registered reserve is open). The SMS is in Turkish, since
 * the customer's language is not known. No challenge is asked: the
 * caller is signed-in staff, counted per lookup, who must hold the code first.
 */
export const sendRedemptionCode = async (
  db: Database,
  deps: CodeValidationDeps,
  locationId: string,
  body: { campaign_id: string; coupon_code: string; customer_phone?: string | undefined },
  actor: Acting,
  log: WarnLog,
  now = new Date(),
) => {
  const campaign = await findCampaign(db, locationId, body.campaign_id);
  const row = await findCode(
    db,
    locationId,
    campaign._id,
    storedForm(campaign.campaign_type, body.coupon_code),
  );
  await assertHeld(db, row._id, actor.staff._id, now);
  assertRedeemable(row, campaign, now);
  const phone = holderPhone(row)!;
  if (body.customer_phone !== undefined && body.customer_phone !== phone)
    throw new AppError('COUPON_HOLDER_PHONE_MISMATCH', 400, {
      fields: { customer_phone: 'couponHolderPhoneMismatch' },
    });
  assertAllowedPhone(deps, phone, actor.lang);
  const challenge = await requestCode(
    db,
    { sms: deps.sms, config: deps.config.sms, log },
    {
      phone,
      mall: await smsMall(db, locationId),
      registered: true,
      // The customer's language is not known (the request's is the clerk's): the mall's, Turkish.
      lang: 'tr',
      ip: actor.ip,
      purpose: 'coupon-redemption',
    },
    now,
  );
  return {
    masked_phone: maskPhone(phone),
    resend_at: challenge.resendAt.toISOString(),
    expires_at: challenge.expiresAt.toISOString(),
  };
};

/** The sign-in code machinery names its code `sms_code`; here the body's field is `otp_code`. */
const asOtpField = (error: unknown) => {
  if (!(error instanceof AppError) || !error.options.fields?.sms_code) return error;
  const { sms_code, ...fields } = error.options.fields;
  return new AppError(error.code, error.statusCode, {
    ...error.options,
    fields: { ...fields, otp_code: sms_code },
  });
};

/**
 * `PUT /code-validation/`: redeems the code once. In one transaction, the coupon's row is locked
 * first and checked (409 COUPON_CODE_NOT_HELD unless this user holds it, 409 USED/EXPIRED…): a
 * concurrent redemption waits here and then hears USED, without a wrong code counted. Then the
 * holder's code is checked as a sign-in code is (`withCheckedCode`: a wrong one is counted and
 * committed, with its tries left), and the code is marked used by one guarded update (given, not
 * expired, held by this user), the hold deleted and the redemption audited with the staff user.
 */
export const redeemCode = async (
  db: Database,
  deps: CodeValidationDeps,
  locationId: string,
  body: { campaign_id: string; coupon_code: string; otp_code: string },
  actor: Acting,
  now = new Date(),
) => {
  const campaign = await findCampaign(db, locationId, body.campaign_id);
  const code = storedForm(campaign.campaign_type, body.coupon_code);
  const found = await findCode(db, locationId, campaign._id, code);
  const staffId = actor.staff._id;
  const phone = holderPhone(found);
  if (!phone) {
    assertRedeemable(found, campaign, now);
    throw codeNotGiven();
  }
  try {
    return await withCheckedCode(
      db,
      { config: deps.config.sms },
      {
        phone,
        code: body.otp_code,
        ip: actor.ip,
        mall: { _id: locationId },
        purpose: 'coupon-redemption',
        before: async (tx) => {
          const row = await findCode(tx, locationId, campaign._id, code, true);
          if (row.coupon_status === 'used') throw codeUsed();
          await assertHeld(tx, row._id, staffId, now);
          assertRedeemable(row, campaign, now);
          // The holder checked is the one whose phone got the code.
          if (holderPhone(row) !== phone) throw codeNotHeld();
        },
      },
      async (tx) => {
        const [used] = await tx
          .update(couponCodes)
          .set({ coupon_status: 'used', coupon_used_at: now, coupon_used_by: staffId })
          .where(
            and(
              eq(couponCodes._id, found._id),
              eq(couponCodes.location_id, locationId),
              eq(couponCodes.coupon_status, 'given'),
              sql`(${couponCodes.coupon_expires_at} is null or ${couponCodes.coupon_expires_at} > ${now.toISOString()}::timestamptz)`,
              sql`exists (select 1 from ${couponCodeHolds} where ${couponCodeHolds.coupon_code_id} = ${couponCodes._id} and ${couponCodeHolds.admin_id} = ${staffId} and ${couponCodeHolds.expires_at} > ${now.toISOString()}::timestamptz)`,
            ),
          )
          .returning({
            _id: couponCodes._id,
            coupon_code: couponCodes.coupon_code,
            coupon_used_at: couponCodes.coupon_used_at,
            customer_id: couponCodes.customer_id,
          });
        if (!used) throw codeUsed();
        await tx.delete(couponCodeHolds).where(eq(couponCodeHolds.coupon_code_id, used._id));
        await audit(tx, actor, {
          action: 'coupon.redeemed',
          entity: 'coupon_code',
          entityId: used._id,
          details: {
            campaign_id: campaign._id,
            coupon_code: used.coupon_code,
            customer_id: used.customer_id,
          },
        });
        return {
          coupon_code: used.coupon_code,
          coupon_status: 'used' as const,
          coupon_used_at: used.coupon_used_at!.toISOString(),
        };
      },
      now,
    );
  } catch (error) {
    throw asOtpField(error);
  }
};

/**
 * `DELETE /code-validation/hold`: ends this user's hold on the code (the clerk closed the result), so
 * another till may start on it at once. Nothing to end (never held, expired, another user's) is no
 * error; an unknown code or campaign still answers 404, as the lookup does.
 */
export const releaseHold = async (
  db: Database,
  locationId: string,
  body: { campaign_id: string; coupon_code: string },
  actor: Acting,
) => {
  const campaign = await findCampaign(db, locationId, body.campaign_id);
  const row = await findCode(
    db,
    locationId,
    campaign._id,
    storedForm(campaign.campaign_type, body.coupon_code),
  );
  await db
    .delete(couponCodeHolds)
    .where(and(eq(couponCodeHolds.coupon_code_id, row._id), eq(couponCodeHolds.admin_id, actor.staff._id)));
};
