import type {
  Customer,
  CustomerEntryCheck,
  customerEntryRegisterBody,
  customerEntryUpdateBody,
} from '@avlu/contracts';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import { findChannelRow } from '../channels/channels.service';
import { applyConsents } from './consents.service';
import { findCustomer } from './customers.service';
import { customers } from './customers.tables';
import { type Mall, mallToday } from './mall-date';
import { registerByPhone, withNulls } from './registration';

type RegisterBody = z.output<typeof customerEntryRegisterBody>;
type UpdateBody = z.output<typeof customerEntryUpdateBody>;

/**
 * The channel the desk registers through: it must be the mall's, open (`channel_status`) and take
 * customer data entry (`channel_cdp_data_entry`). Anything else answers CHANNEL_CLOSED naming
 * `channel_id`, another mall's channel included (it is not told apart from a closed one).
 */
const openChannel = async (db: Database, locationId: string, channelId: string) => {
  const channel = await findChannelRow(db, locationId, channelId);
  if (!channel?.channel_status || !channel.channel_cdp_data_entry)
    throw new AppError('CHANNEL_CLOSED', 400, { fields: { channel_id: 'channelClosed' } });
  return channel;
};

const customerOf = async (db: Database, mall: Mall, id: string): Promise<Customer> => {
  const found = await findCustomer(
    db,
    and(eq(customers._id, id), eq(customers.location_id, mall._id)),
    mallToday(mall),
  );
  if (!found) throw notFound();
  return found;
};

/** POST /customer-entry/check: whether the phone is a live customer of the mall, through an open channel. */
export const checkEntry = async (
  db: Database,
  mall: Mall,
  body: { customer_phone: string; channel_id: string },
): Promise<CustomerEntryCheck> => {
  await openChannel(db, mall._id, body.channel_id);
  const found = await findCustomer(
    db,
    and(
      eq(customers.location_id, mall._id),
      eq(customers.customer_phone, body.customer_phone),
      isNull(customers.customer_deletedAt),
    ),
    mallToday(mall),
  );
  if (found) return { registered: true, reactivates: false, customer: found };
  const [deleted] = await db
    .select({ _id: customers._id })
    .from(customers)
    .where(
      and(
        eq(customers.location_id, mall._id),
        eq(customers.customer_phone, body.customer_phone),
        isNotNull(customers.customer_deletedAt),
      ),
    )
    .limit(1);
  return { registered: false, reactivates: deleted !== undefined, customer: null };
};

/** The profile columns of a desk form; `undefined` leaves a column as it is (drizzle skips it). */
const profileColumns = (body: Omit<UpdateBody, 'channel_id'>) => ({
  customer_name: body.customer_name,
  customer_surname: body.customer_surname,
  customer_email: body.customer_email,
  customer_gender: body.customer_gender,
  customer_birthdate: body.customer_birthdate,
  customer_address: body.customer_address,
  customer_province: body.customer_province,
  customer_district: body.customer_district,
  customer_locality: body.customer_locality,
  customer_number_of_children: body.customer_number_of_children,
  customer_frequency: body.customer_frequency,
  customer_vehicle_plate: body.customer_vehicle_plate,
  customer_is_parent: body.customer_is_parent,
  customer_favorite_region: body.customer_favorite_region,
  customer_favorite_category: body.customer_favorite_category,
});

/** Every optional profile column of a registration, a left-out one as null: a reactivated record starts over. */
const registrationColumns = (body: RegisterBody) => {
  const { customer_gender: _, ...columns } = profileColumns(body);
  return { ...withNulls(columns), customer_gender: body.customer_gender };
};

/**
 * The desk's consents, named as the registration payload names them, through the one consent path
 * with source 'registration', staff, address and text version. A consent left out stays as it is.
 */
const applyDeskConsents = (
  tx: Database,
  locationId: string,
  customerId: string,
  body: RegisterBody | UpdateBody,
  request: AuditRequest,
) =>
  applyConsents(
    tx,
    {
      kvkk: body.customer_accepts_kvkk,
      sms: body.customer_allows_sms,
      email: body.customer_allows_email,
      call: body.customer_allows_call,
    },
    {
      customerId,
      locationId,
      source: 'registration',
      staffAdminId: request.staff?._id ?? null,
      clientAddress: request.ip,
      agreementVersion: body.agreement_version ?? null,
    },
  );

/**
 * POST /customer-entry/register: a new customer of the mall through an open channel, with the
 * consents given at the desk, in one transaction. A live customer with the phone answers 409
 * CUSTOMER_EXISTS; a deleted one whose data is not erased yet is brought back with the new data.
 * Two desks registering one phone at once make one customer: the unique (mall, phone) index
 * decides, and the loser answers 409.
 */
export const registerCustomer = (db: Database, mall: Mall, body: RegisterBody, request: AuditRequest) =>
  db.transaction(async (tx) => {
    await openChannel(tx, mall._id, body.channel_id);
    const { id, reactivated } = await registerByPhone(tx, mall._id, body.customer_phone, {
      ...registrationColumns(body),
      channel_id: body.channel_id,
    });
    const consents = await applyDeskConsents(tx, mall._id, id, body, request);
    await audit(tx, request, {
      action: reactivated ? 'customer.reactivated' : 'customer.registered',
      entity: 'customer',
      entityId: id,
      details: { channel_id: body.channel_id, consents },
    });
    return { ...(await customerOf(tx, mall, id)), reactivated };
  });

/** POST /customer-entry/update/{id}: the desk corrects a live customer of the mall through an open channel. */
export const updateEntryCustomer = (
  db: Database,
  mall: Mall,
  id: string,
  body: UpdateBody,
  request: AuditRequest,
) =>
  db.transaction(async (tx) => {
    await openChannel(tx, mall._id, body.channel_id);
    const [updated] = await tx
      .update(customers)
      .set(profileColumns(body))
      .where(
        and(eq(customers._id, id), eq(customers.location_id, mall._id), isNull(customers.customer_deletedAt)),
      )
      .returning({ _id: customers._id });
    if (!updated) throw notFound();
    const consents = await applyDeskConsents(tx, mall._id, id, body, request);
    await audit(tx, request, {
      action: 'customer.updated',
      entity: 'customer',
      entityId: id,
      details: { channel_id: body.channel_id, consents },
    });
    return customerOf(tx, mall, id);
  });
