import type { UnsubscribeResult } from '@avlu/contracts';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { changeConsent } from '../customers/consents.service';
import { customers } from '../customers/customers.tables';
import { locations } from '../locations/locations.tables';
import { unsubscribeSigner } from './dispatch.content';
import { notificationMessages } from './marketing.tables';
import { emailOptOuts, externalMailAddresses } from './marketing-directory.tables';

/**
 * Unsubscribe (issue 16 #4, RFC 8058). The link of a commercial mail names one message:
 * `/api/ext/marketing/unsubscribe/<message id>.<signature>`, made and checked by dispatch.content.ts
 * `unsubscribeSigner` (an HMAC under the `marketing-unsubscribe` server secret). The
 * message names the mall and the customer or the external address it went to (and the notification,
 * kept as evidence). `…/unsubscribe/test` is the link of test sends, which does nothing.
 *
 * GET only shows where things stand (mail scanners open links); POST, the page's button or the mail
 * program's one-click `List-Unsubscribe=One-Click`, unsubscribes: a customer's email consent is
 * revoked through the consent history with source 'unsubscribe link'; an external address gets an
 * `email_opt_outs` row. Both are idempotent.
 */
export const TEST_UNSUBSCRIBE_TOKEN = 'test';

/** The message id of a token whose signature holds (dispatch.content.ts `unsubscribeSigner` signs them), else undefined. */
export const unsubscribeMessageOf = async (db: Database, config: Pick<Config, 'publicUrl'>, token: string) =>
  (await unsubscribeSigner(db, config)).messageOf(token);

const masked = (email: string | null) => {
  if (!email) return null;
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
};

type Target = {
  locationId: string;
  locationName: string;
  notificationId: string;
  customerId: string | null;
  customerEmail: string | null;
  emailPermission: boolean | null;
  address: string | null;
};

type Deps = { db: Database; config: Pick<Config, 'publicUrl'> };

const targetOf = async ({ db, config }: Deps, token: string): Promise<Target> => {
  const messageId = await unsubscribeMessageOf(db, config, token);
  const [row] = messageId
    ? await db
        .select({
          locationId: notificationMessages.location_id,
          locationName: locations.location_name,
          notificationId: notificationMessages.notification_id,
          customerId: customers._id,
          customerEmail: customers.customer_email,
          emailPermission: customers.customer_email_permission,
          address: externalMailAddresses.address_email,
        })
        .from(notificationMessages)
        .innerJoin(locations, eq(locations._id, notificationMessages.location_id))
        .leftJoin(customers, eq(customers._id, notificationMessages.customer_id))
        .leftJoin(
          externalMailAddresses,
          eq(externalMailAddresses._id, notificationMessages.external_address_id),
        )
        .where(eq(notificationMessages._id, messageId))
    : [];
  if (!row) throw new AppError('NOT_FOUND', 404);
  return row;
};

const optedOut = async (db: Database, locationId: string, address: string) => {
  const [row] = await db
    .select({ id: emailOptOuts._id })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.location_id, locationId), eq(emailOptOuts.opt_out_email, address)));
  return row !== undefined;
};

/** GET: whether the link's recipient is already unsubscribed, changing nothing. */
export const unsubscribeState = async (deps: Deps, token: string): Promise<UnsubscribeResult> => {
  const { db } = deps;
  const target = await targetOf(deps, token);
  if (target.address)
    return {
      unsubscribed: await optedOut(db, target.locationId, target.address),
      location_name: target.locationName,
      email: masked(target.address),
    };
  return {
    // A customer erased since has nothing left to unsubscribe.
    unsubscribed: target.customerId === null || target.emailPermission !== true,
    location_name: target.locationName,
    email: masked(target.customerEmail),
  };
};

/** POST: unsubscribes the link's recipient; again and again answers the same. */
export const unsubscribe = async (
  deps: Deps,
  token: string,
  clientAddress: string | undefined,
): Promise<UnsubscribeResult> => {
  const { db } = deps;
  const target = await targetOf(deps, token);
  if (target.address) {
    await db
      .insert(emailOptOuts)
      .values({
        location_id: target.locationId,
        opt_out_email: target.address,
        opt_out_source: 'unsubscribe link',
        opt_out_notification_id: target.notificationId,
      })
      .onConflictDoNothing();
  } else if (target.customerId) {
    try {
      await changeConsent(db, {
        customerId: target.customerId,
        locationId: target.locationId,
        type: 'email',
        value: false,
        source: 'unsubscribe link',
        clientAddress: clientAddress ?? null,
      });
    } catch (error) {
      // A customer deleted meanwhile gets no mail anyway.
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
    }
  }
  return { ...(await unsubscribeState(deps, token)), unsubscribed: true };
};
