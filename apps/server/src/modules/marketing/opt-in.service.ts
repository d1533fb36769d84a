import { randomInt } from 'node:crypto';
import { type Language, type OptInChannel, smsCodeRules } from '@avlu/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { appBaseUrl } from '../../platform/links';
import type { Mailer } from '../../platform/mail';
import { hashToken, newSecretToken } from '../../platform/secret-tokens';
import type { SmsSender } from '../../platform/sms';
import { applyConsent } from '../customers/consents.service';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { notificationOptIns } from './marketing-accounts.tables';

/**
 * Double opt-in (spec §2 `/ext/customers/notification/validation`, §7 `POST
 * /ext/customers/notification/confirm`, issue 16 #9). Starting one (`startOptIn`: staff from the
 * customer's page, or any flow that asks a customer for a consent by link) sends the customer, on
 * the channel asked for, a link to the validation page and a 4-digit code; the code must be typed on
 * the page, so a mail scanner opening the link consents to nothing. The link's token and the code
 * are stored only hashed (the code bound to its token), valid OPT_IN_VALID_HOURS, with
 * smsCodeRules.triesPerCode wrong tries; a new request replaces the customer's open one for the
 * channel, not sooner than smsCodeRules.resendSeconds after it. Confirming records the consent
 * through the consent history with source 'double opt-in' and the caller's address; the opt-in row
 * (its id, address and time) is the evidence.
 */
export const OPT_IN_VALID_HOURS = 24;
export const OPT_IN_PAGE = '/ext/customers/notification/validation';

const codeHash = (token: string, code: string) => hashToken(`${token}\0${code}`);

type Senders = { sms: SmsSender; mailer: Mailer; config: Pick<Config, 'publicUrl'> };

const texts = {
  tr: {
    sms: (mall: string, link: string, code: string) =>
      `${mall}: kampanya ve duyuru SMS'leri almayı onaylamak için ${link} adresini açın ve ${code} kodunu girin. Siz istemediyseniz bu mesajı dikkate almayın.`,
    subject: (mall: string) => `${mall}: e-posta aboneliğinizi onaylayın`,
    mail: (mall: string, code: string) =>
      `${mall} kampanya ve duyuru e-postalarını almayı onaylamak için aşağıdaki bağlantıyı açın ve ${code} kodunu girin. Siz istemediyseniz bu e-postayı dikkate almayın.`,
    open: 'Aboneliği onayla',
  },
  en: {
    sms: (mall: string, link: string, code: string) =>
      `${mall}: to confirm you want campaign and news SMS, open ${link} and enter ${code}. If you did not ask for this, ignore this message.`,
    subject: (mall: string) => `${mall}: confirm your email subscription`,
    mail: (mall: string, code: string) =>
      `To confirm you want ${mall}'s campaign and news emails, open the link below and enter the code ${code}. If you did not ask for this, ignore this email.`,
    open: 'Confirm the subscription',
  },
} satisfies Record<Language, unknown>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[char]};`,
  );

/**
 * Sends a customer the confirmation link and code for a channel's consent. The customer must be a
 * live one of the mall with the channel's address and the KVKK consent; answers when the link
 * expires. The message goes in the caller's transaction's outbox (or out by the gateway).
 */
export const startOptIn = async (
  db: Database,
  senders: Senders,
  request: {
    locationId: string;
    customerId: string;
    channel: OptInChannel;
    lang: Language;
    clientAddress?: string | null;
  },
) => {
  const token = newSecretToken();
  const code = String(randomInt(0, 10 ** smsCodeRules.length)).padStart(smsCodeRules.length, '0');
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({
        phone: customers.customer_phone,
        email: customers.customer_email,
        kvkk: customers.customer_kvkk_permission,
        mall: locations.location_name,
      })
      .from(customers)
      .innerJoin(locations, eq(locations._id, customers.location_id))
      .where(
        and(
          eq(customers._id, request.customerId),
          eq(customers.location_id, request.locationId),
          isNull(customers.customer_deletedAt),
        ),
      )
      .for('update', { of: customers });
    if (!customer) throw notFound();
    if (!customer.kvkk) throw invalidFields({ channel: 'kvkkConsentFirst' });
    const to = request.channel === 'sms' ? customer.phone : customer.email;
    if (!to) throw invalidFields({ channel: 'optInNoAddress' });
    const [open] = await tx
      .select({ at: notificationOptIns.created_at })
      .from(notificationOptIns)
      .where(
        and(
          eq(notificationOptIns.customer_id, request.customerId),
          eq(notificationOptIns.opt_in_channel, request.channel),
          isNull(notificationOptIns.opt_in_confirmed_at),
        ),
      )
      .orderBy(sql`${notificationOptIns.created_at} desc`)
      .limit(1);
    const now = new Date();
    if (open) {
      const wait = Math.ceil((open.at.getTime() + smsCodeRules.resendSeconds * 1000 - now.getTime()) / 1000);
      if (wait > 0) throw new AppError('TOO_MANY_REQUESTS', 429, { retryAfterSeconds: wait });
      await tx
        .delete(notificationOptIns)
        .where(
          and(
            eq(notificationOptIns.customer_id, request.customerId),
            eq(notificationOptIns.opt_in_channel, request.channel),
            isNull(notificationOptIns.opt_in_confirmed_at),
          ),
        );
    }
    const expiresAt = new Date(now.getTime() + OPT_IN_VALID_HOURS * 3_600_000);
    await tx.insert(notificationOptIns).values({
      location_id: request.locationId,
      customer_id: request.customerId,
      opt_in_channel: request.channel,
      opt_in_token_hash: hashToken(token),
      opt_in_code_hash: codeHash(token, code),
      opt_in_expires_at: expiresAt,
    });
    const link = `${appBaseUrl(senders.config)}${OPT_IN_PAGE}?notificationToken=${token}`;
    const words = texts[request.lang];
    if (request.channel === 'sms')
      await senders.sms.send(
        { to, text: words.sms(customer.mall, link, code) },
        { db: tx, mall: { locationId: request.locationId, account: 'otp' } },
      );
    else
      await senders.mailer.send(
        {
          to,
          subject: words.subject(customer.mall),
          html: `<p>${escapeHtml(words.mail(customer.mall, code))}</p><p><a href="${escapeHtml(link)}">${words.open}</a></p>`,
          text: `${words.mail(customer.mall, code)}\n\n${link}\n`,
          lang: request.lang,
        },
        { db: tx, mall: { locationId: request.locationId, account: 'transactional' } },
      );
    return { sent: true as const, expiresAt: expiresAt.toISOString() };
  });
};

const codeError = (key: 'expired' | 'spent' | 'wrong', remaining = 0) =>
  key === 'expired'
    ? new AppError('SMS_CODE_EXPIRED', 400, { fields: { notificationCode: 'smsCodeExpired' } })
    : key === 'spent'
      ? new AppError('SMS_CODE_SPENT', 400, { fields: { notificationCode: 'smsCodeSpent' } })
      : new AppError('SMS_CODE_INVALID', 400, {
          params: { remaining },
          fields: { notificationCode: 'smsCodeWrong' },
        });

/**
 * `POST /ext/customers/notification/confirm`: the right code within its time grants the consent
 * (again: answered the same, nothing recorded twice); a wrong one counts, and is committed, before
 * the 400; the last wrong try spends the code.
 */
export const confirmOptIn = async (
  db: Database,
  input: { notificationToken: string; notificationCode: string },
  clientAddress: string | undefined,
  now = new Date(),
) => {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        _id: notificationOptIns._id,
        location_id: notificationOptIns.location_id,
        customer_id: notificationOptIns.customer_id,
        channel: notificationOptIns.opt_in_channel,
        code_hash: notificationOptIns.opt_in_code_hash,
        expires_at: notificationOptIns.opt_in_expires_at,
        attempts: notificationOptIns.opt_in_attempts,
        confirmed_at: notificationOptIns.opt_in_confirmed_at,
        mall: locations.location_name,
      })
      .from(notificationOptIns)
      .innerJoin(locations, eq(locations._id, notificationOptIns.location_id))
      .where(eq(notificationOptIns.opt_in_token_hash, hashToken(input.notificationToken)))
      .for('update', { of: notificationOptIns });
    if (!row)
      return { error: new AppError('NOT_FOUND', 404, { fields: { notificationToken: 'optInUnknown' } }) };
    const channel = row.channel as OptInChannel;
    const answer = { confirmed: true as const, channel, location_name: row.mall };
    const right = codeHash(input.notificationToken, input.notificationCode) === row.code_hash;
    if (row.confirmed_at) return right ? { answer } : { error: codeError('wrong', 0) };
    if (row.expires_at <= now) return { error: codeError('expired') };
    if (row.attempts >= smsCodeRules.triesPerCode) return { error: codeError('spent') };
    if (!right) {
      const attempts = row.attempts + 1;
      await tx
        .update(notificationOptIns)
        .set({ opt_in_attempts: attempts })
        .where(eq(notificationOptIns._id, row._id));
      return {
        error:
          attempts >= smsCodeRules.triesPerCode
            ? codeError('spent')
            : codeError('wrong', smsCodeRules.triesPerCode - attempts),
      };
    }
    await applyConsent(tx, {
      customerId: row.customer_id,
      locationId: row.location_id,
      type: channel,
      value: true,
      source: 'double opt-in',
      clientAddress: clientAddress ?? null,
    });
    await tx
      .update(notificationOptIns)
      .set({ opt_in_confirmed_at: now, opt_in_client_address: clientAddress?.slice(0, 64) ?? null })
      .where(eq(notificationOptIns._id, row._id));
    return { answer };
  });
  if ('error' in outcome && outcome.error) throw outcome.error;
  return outcome.answer!;
};
