import {
  type ConsentType,
  isAllowedMobile,
  type Language,
  type MicroSiteCustomer,
  type MicroSiteSession,
  microSiteCustomer,
  type microSiteKvkkBody,
  type microSiteProfileBody,
  type microSiteRegisterBody,
  type SmsChallenge,
} from '@avlu/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import { applyConsents } from '../customers/consents.service';
import { findCustomer } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { mallToday } from '../customers/mall-date';
import { lockCustomerByPhone, registerByPhone, withNulls } from '../customers/registration';
import {
  createCustomerSession,
  type MicroSiteMall,
  revokeCustomerSessions,
} from './customer-sessions.service';
import {
  guardCodeCheck,
  guardCodeRequest,
  requestCode,
  type SmsCodeContext,
  withCheckedCode,
} from './sms-codes.service';

type RegisterBody = z.output<typeof microSiteRegisterBody>;
type ProfileBody = z.output<typeof microSiteProfileBody>;
export type MicroSiteDeps = { config: Pick<Config, 'sms' | 'customerRetentionDays'>; sms: SmsSender };
type MicroSiteRequest = AuditRequest & Pick<FastifyRequest, 'lang'>;

const DAY_MS = 24 * 60 * 60 * 1000;

const countryNames = (countries: readonly string[], lang: Language) => {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return countries.map((country) => names.of(country) ?? country).join(', ');
};

/**
 * Codes go only to mobile numbers of the allowed countries: anything else is refused before any
 * count (code validation's SMS to a coupon's holder too).
 */
export const assertAllowedPhone = (deps: { config: Pick<Config, 'sms'> }, phone: string, lang: Language) => {
  const countries = deps.config.sms.allowedCountries;
  if (!isAllowedMobile(phone, countries))
    throw new AppError('PHONE_NOT_ALLOWED', 400, {
      params: { countries: countryNames(countries, lang) },
      fields: { customer_phone: 'phoneNotAllowed' },
    });
};

const notRegistered = () =>
  new AppError('CUSTOMER_NOT_REGISTERED', 404, { fields: { customer_phone: 'customerNotRegistered' } });

/** A deleted customer can come back by signing in until the retention job's cut-off. */
const withinRetention = (deps: MicroSiteDeps, deletedAt: Date, now: Date) =>
  deletedAt.getTime() + deps.config.customerRetentionDays * DAY_MS > now.getTime();

/** The customer as the micro-site shows them (deleted ones too: the deletion answer shows the date). */
export const microSiteCustomerOf = async (
  db: Database,
  mall: MicroSiteMall,
  id: string,
): Promise<MicroSiteCustomer> => {
  const found = await findCustomer(
    db,
    and(eq(customers._id, id), eq(customers.location_id, mall._id)),
    mallToday(mall),
  );
  if (!found) throw notFound();
  return microSiteCustomer.parse(found);
};

/** Whether the phone is a customer of the mall; a deleted one within the retention period counts. */
const isRegistered = async (
  db: Database,
  deps: MicroSiteDeps,
  mall: MicroSiteMall,
  phone: string,
  now: Date,
) => {
  const [row] = await db
    .select({ deletedAt: customers.customer_deletedAt })
    .from(customers)
    .where(and(eq(customers.location_id, mall._id), eq(customers.customer_phone, phone)));
  return row !== undefined && (row.deletedAt === null || withinRetention(deps, row.deletedAt, now));
};

const smsContext = (deps: MicroSiteDeps, request: Pick<FastifyRequest, 'log'>): SmsCodeContext => ({
  sms: deps.sms,
  config: deps.config.sms,
  log: request.log,
});

/**
 * POST /ext/customers/check and /sms-resend: a code to the phone (or the running countdown), after a
 * solved challenge when one is required (`guardCodeRequest`). The answer is the same whether or not
 * the phone is a customer of the mall, and so is the work done for it: being one only opens the
 * reserve of the mall's SMS budget (login tells a new phone apart once its code is right).
 */
export const checkPhone = async (
  db: Database,
  deps: MicroSiteDeps,
  mall: MicroSiteMall,
  body: { customer_phone: string; altcha?: string | undefined },
  request: Pick<FastifyRequest, 'ip' | 'lang' | 'log'>,
): Promise<SmsChallenge> => {
  const phone = body.customer_phone;
  assertAllowedPhone(deps, phone, request.lang);
  const now = new Date();
  const context = smsContext(deps, request);
  await guardCodeRequest(db, context, { ip: request.ip, mall, altcha: body.altcha }, now);
  const registered = await isRegistered(db, deps, mall, phone, now);
  const challenge = await requestCode(
    db,
    context,
    { phone, mall, registered, lang: request.lang, ip: request.ip },
    now,
  );
  return {
    customer_phone: phone,
    resend_at: challenge.resendAt.toISOString(),
    expires_at: challenge.expiresAt.toISOString(),
  };
};

/** The code of a login or registration, checked with the address and network limits (`guardCodeCheck`). */
const withCode = async <T>(
  db: Database,
  deps: MicroSiteDeps,
  mall: MicroSiteMall,
  body: { customer_phone: string; sms_code: string; altcha?: string | undefined },
  request: Pick<FastifyRequest, 'ip'>,
  work: (tx: Database) => Promise<T>,
  now: Date,
) => {
  const context = { config: deps.config.sms };
  await guardCodeCheck(db, context, { ip: request.ip, mall, altcha: body.altcha }, now);
  return withCheckedCode(
    db,
    context,
    { phone: body.customer_phone, code: body.sms_code, ip: request.ip, mall },
    work,
    now,
  );
};

/**
 * POST /ext/customers/login: the phone's code, then a session of the mall's customer. An unknown
 * (or erased) phone answers 404 CUSTOMER_NOT_REGISTERED and leaves the code for the registration;
 * a deleted customer within the retention period is reactivated by signing in.
 */
export const login = async (
  db: Database,
  deps: MicroSiteDeps,
  mall: MicroSiteMall,
  body: { customer_phone: string; sms_code: string; altcha?: string | undefined },
  request: MicroSiteRequest,
): Promise<MicroSiteSession> => {
  assertAllowedPhone(deps, body.customer_phone, request.lang);
  const now = new Date();
  return withCode(
    db,
    deps,
    mall,
    body,
    request,
    async (tx) => {
      const row = await lockCustomerByPhone(tx, mall._id, body.customer_phone);
      if (!row) throw notRegistered();
      if (row.deletedAt) {
        if (!withinRetention(deps, row.deletedAt, now)) throw notRegistered();
        await tx.update(customers).set({ customer_deletedAt: null }).where(eq(customers._id, row._id));
        await audit(tx, request, {
          action: 'customer.reactivated',
          entity: 'customer',
          entityId: row._id,
          details: { source: 'micro-site' },
        });
      }
      const mobileToken = await createCustomerSession(tx, mall, row._id, request, now);
      const reactivated = row.deletedAt !== null;
      // Who signed in as the customer, when and from where: the trail an account dispute needs.
      await audit(tx, request, {
        action: 'customer.signed_in',
        entity: 'customer',
        entityId: row._id,
        details: { source: 'micro-site' },
      });
      return { mobileToken, customer: await microSiteCustomerOf(tx, mall, row._id), reactivated };
    },
    now,
  );
};

/** Profile columns of a micro-site form; `undefined` leaves a column as it is (drizzle skips it). */
const profileColumns = (body: ProfileBody) => ({
  customer_name: body.customer_name,
  customer_surname: body.customer_surname,
  customer_email: body.customer_email,
  customer_gender: body.customer_gender,
  customer_birthdate: body.customer_birthdate,
  customer_address: body.customer_address,
  customer_province: body.customer_province,
  customer_district: body.customer_district,
  customer_locality: body.customer_locality,
  customer_vehicle_plate: body.customer_vehicle_plate,
});

/** Every profile column of a registration, a left-out one as null: a reactivated record starts over. */
const registrationColumns = (body: RegisterBody) => ({
  ...withNulls(profileColumns(body)),
  customer_gender: body.customer_gender,
  customer_birthdate: body.customer_birthdate,
});

/** Spec §4 master permission: when given, it sets SMS, email and call together. */
const marketingConsents = (body: {
  customer_allows_permissions?: boolean | undefined;
  customer_allows_sms?: boolean | undefined;
  customer_allows_email?: boolean | undefined;
  customer_allows_call?: boolean | undefined;
}): Partial<Record<ConsentType, boolean>> => {
  const all = body.customer_allows_permissions;
  return {
    sms: all ?? body.customer_allows_sms,
    email: all ?? body.customer_allows_email,
    call: all ?? body.customer_allows_call,
  };
};

/** Consents given on the micro-site, through the one consent path, with source 'micro-site'. */
const applyMicroSiteConsents = (
  tx: Database,
  mall: MicroSiteMall,
  customerId: string,
  consents: Partial<Record<ConsentType, boolean>>,
  request: MicroSiteRequest,
  agreementVersion: string | null,
) =>
  applyConsents(tx, consents, {
    customerId,
    locationId: mall._id,
    source: 'micro-site',
    clientAddress: request.ip,
    agreementVersion,
  });

/**
 * POST /ext/customers/register: the phone's code, then a new customer of the mall (no channel: the
 * micro-site is not a desk channel) with the consents given, recorded with source 'micro-site', the
 * client address and the KVKK text's version (the one sent when it is one of the mall's texts in use,
 * else the mall's notice in use). A live
 * customer with the phone answers 409 CUSTOMER_EXISTS (the code stays for a login); a deleted one
 * not yet erased comes back with the new data, as at the desk.
 */
export const register = async (
  db: Database,
  deps: MicroSiteDeps,
  mall: MicroSiteMall,
  body: RegisterBody,
  request: MicroSiteRequest,
): Promise<MicroSiteSession> => {
  assertAllowedPhone(deps, body.customer_phone, request.lang);
  const now = new Date();
  return withCode(
    db,
    deps,
    mall,
    body,
    request,
    async (tx) => {
      const { id, reactivated } = await registerByPhone(tx, mall._id, body.customer_phone, {
        ...registrationColumns(body),
        channel_id: null,
      });
      // The consent path keeps the version only if it is one of the mall's texts in use.
      const consents = await applyMicroSiteConsents(
        tx,
        mall,
        id,
        { kvkk: true, ...marketingConsents(body) },
        request,
        body.agreement_version ?? null,
      );
      await audit(tx, request, {
        action: reactivated ? 'customer.reactivated' : 'customer.registered',
        entity: 'customer',
        entityId: id,
        details: { source: 'micro-site', consents },
        actorId: null,
      });
      const mobileToken = await createCustomerSession(tx, mall, id, request, now);
      return { mobileToken, customer: await microSiteCustomerOf(tx, mall, id), reactivated };
    },
    now,
  );
};

/**
 * Commercial messages rest on the KVKK consent: a customer who withdrew it turns them on again only
 * after giving it again (400 naming the first permission asked for).
 */
const assertKvkkForMarketing = async (
  tx: Database,
  customerId: string,
  body: z.output<typeof microSiteProfileBody>,
) => {
  const asked = (
    [
      'customer_allows_permissions',
      'customer_allows_sms',
      'customer_allows_email',
      'customer_allows_call',
    ] as const
  ).find((field) => body[field] === true);
  if (!asked) return;
  const [row] = await tx
    .select({ kvkk: customers.customer_kvkk_permission })
    .from(customers)
    .where(eq(customers._id, customerId));
  if (!row?.kvkk) throw invalidFields({ [asked]: 'kvkkConsentFirst' });
};

/** POST /ext/app/customers/profile: the signed-in customer's profile and consents; consents left out stay. */
export const updateProfile = (
  db: Database,
  mall: MicroSiteMall,
  customerId: string,
  body: ProfileBody,
  request: MicroSiteRequest,
) =>
  db.transaction(async (tx) => {
    const [updated] = await tx
      .update(customers)
      .set(profileColumns(body))
      .where(
        and(
          eq(customers._id, customerId),
          eq(customers.location_id, mall._id),
          isNull(customers.customer_deletedAt),
        ),
      )
      .returning({ _id: customers._id });
    if (!updated) throw notFound();
    await assertKvkkForMarketing(tx, customerId, body);
    const consents = await applyMicroSiteConsents(
      tx,
      mall,
      customerId,
      marketingConsents(body),
      request,
      null,
    );
    await audit(tx, request, {
      action: 'customer.updated',
      entity: 'customer',
      entityId: customerId,
      details: { source: 'micro-site', consents },
      actorId: null,
    });
    return microSiteCustomerOf(tx, mall, customerId);
  });

/**
 * DELETE /ext/app/customers/profile: the customer deletes their account (customer_deletedAt) and
 * every session of it ends. Signing in again within CUSTOMER_RETENTION_DAYS brings it back; after
 * that the retention job erases it.
 */
export const deleteAccount = (
  db: Database,
  mall: MicroSiteMall,
  customerId: string,
  request: MicroSiteRequest,
) =>
  db.transaction(async (tx) => {
    const now = new Date();
    const [deleted] = await tx
      .update(customers)
      .set({ customer_deletedAt: now })
      .where(
        and(
          eq(customers._id, customerId),
          eq(customers.location_id, mall._id),
          isNull(customers.customer_deletedAt),
        ),
      )
      .returning({ _id: customers._id });
    if (!deleted) throw notFound();
    await revokeCustomerSessions(tx, customerId, now);
    await audit(tx, request, {
      action: 'customer.deleted',
      entity: 'customer',
      entityId: customerId,
      details: { source: 'micro-site' },
      actorId: null,
    });
    return microSiteCustomerOf(tx, mall, customerId);
  });

/**
 * POST /ext/app/customers/kvkk: the customer gives or withdraws their KVKK consent on the micro-site
 * (KVKK md. 7 and 11: consent is withdrawn as easily as it was given). Withdrawing records KVKK off
 * and ends the SMS, email and call permissions, which rest on it, each in the consent history with
 * source micro-site and the client address; the account itself stays (the membership is a contract
 * the customer ends by deleting the account, DELETE /ext/app/customers/profile). Giving it again
 * records the mall's KVKK text in use (or the version sent, when it is one). A no-op is not audited.
 */
export const setKvkkConsent = (
  db: Database,
  mall: MicroSiteMall,
  customerId: string,
  body: z.output<typeof microSiteKvkkBody>,
  request: MicroSiteRequest,
) =>
  db.transaction(async (tx) => {
    const given = body.customer_accepts_kvkk;
    const consents = await applyMicroSiteConsents(
      tx,
      mall,
      customerId,
      given ? { kvkk: true } : { sms: false, email: false, call: false, kvkk: false },
      request,
      body.agreement_version ?? null,
    );
    if (consents.length > 0)
      await audit(tx, request, {
        action: given ? 'customer.kvkk_given' : 'customer.kvkk_withdrawn',
        entity: 'customer',
        entityId: customerId,
        details: { source: 'micro-site', consents },
        actorId: null,
      });
    return microSiteCustomerOf(tx, mall, customerId);
  });
