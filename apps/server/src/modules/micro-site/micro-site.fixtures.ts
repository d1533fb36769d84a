import {
  CUSTOMER_ID_HEADER,
  CUSTOMER_TOKEN_HEADER,
  type Location,
  type MicroSiteSession,
} from '@avlu/contracts';
import { asc, eq } from 'drizzle-orm';
import type { TestContext } from '../../../test/helper';
import type { Database } from '../../platform/db/database';
import { hashToken } from '../../platform/secret-tokens';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { locations } from '../locations/locations.tables';
import { createCustomerSession } from './customer-sessions.service';

/** Test helpers of the micro-site's API tests: calls as a mall's micro-site, the codes from the SMS outbox. */
export type TestMall = Location & { token: string };

/**
 * The headers of a micro-site call by a customer signed in to a mall, without the SMS sign-in: the
 * mall's bearer and a session made for the customer, as the sign-in would make it.
 */
export const signedInHeaders = async (db: Database, mall: Location, customerId: string, language = 'tr') => {
  const [row] = await db
    .select({ token: locations.location_token })
    .from(locations)
    .where(eq(locations._id, mall._id));
  const mallToken = row!.token;
  const token = await createCustomerSession(
    db,
    { ...mall, tokenHash: hashToken(mallToken), smsHourlyBudget: null },
    customerId,
    { ip: '127.0.0.1', headers: {} },
  );
  return {
    authorization: `Bearer ${mallToken}`,
    [CUSTOMER_TOKEN_HEADER]: token,
    [CUSTOMER_ID_HEADER]: customerId,
    'accept-language': language,
  };
};

export const microSiteFixtures = (ctx: TestContext) => {
  let phoneCount = 0;
  /** A Turkish mobile number nobody used in this file yet, as the form sends it. */
  const nextPhone = () => {
    const n = String(++phoneCount).padStart(7, '0');
    return `0532 ${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5)}`;
  };
  const e164 = (phone: string) => `+90${phone.replace(/\D/g, '').slice(1)}`;

  const newMall = async (name?: string): Promise<TestMall> => {
    const mall = await ctx.newLocation(name ? { location_name: name } : {});
    const [row] = await ctx.database.db
      .select({ token: locations.location_token })
      .from(locations)
      .where(eq(locations._id, mall._id));
    return { ...mall, token: row!.token };
  };

  type CallOptions = {
    mall?: TestMall;
    /** Overrides the bearer (null: none). */
    bearer?: string | null;
    session?: Pick<MicroSiteSession, 'mobileToken' | 'customer'>;
    lang?: string;
    ip?: string;
    headers?: Record<string, string>;
  };

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload: object | undefined,
    options: CallOptions & { mall: TestMall },
  ) => {
    const bearer = options.bearer === undefined ? options.mall.token : options.bearer;
    return ctx.app.inject({
      method,
      url: `/api${path}`,
      payload,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: {
        'accept-language': options.lang ?? 'tr',
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...(options.session
          ? {
              'customer-token': options.session.mobileToken,
              'customer-id': options.session.customer._id,
            }
          : {}),
        ...options.headers,
      },
    });
  };

  /** Every SMS the outbox holds for a phone, oldest first. */
  const smsTo = async (phone: string) =>
    ctx.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.to, e164(phone)))
      .orderBy(asc(smsOutbox.created_at), asc(smsOutbox._id));

  /** The code of the newest SMS to a phone. */
  const lastCode = async (phone: string) => {
    const messages = await smsTo(phone);
    const text = messages.at(-1)?.text ?? '';
    const code = /(\d{4})\./.exec(text)?.[1];
    if (!code) throw new Error(`no code sent to ${phone}`);
    return code;
  };

  /** A code the phone did not get (the last one plus one). */
  const wrongCode = async (phone: string) =>
    String((Number(await lastCode(phone)) + 1) % 10_000).padStart(4, '0');

  return { nextPhone, e164, newMall, call, smsTo, lastCode, wrongCode };
};
