import type {
  BurnPointsInput,
  BurnPreparation,
  CancelRedemptionInput,
  ListResponse,
  LoyaltyCustomer,
  LoyaltyCustomerFilter,
  LoyaltyCustomerSource,
  MicroSiteAvailableGifts,
  PointBalance,
  SentAndSaveInput,
} from '@avlu/contracts';
import { burnPointsInput, cancelRedemptionInput, sentAndSaveInput } from '@avlu/contracts';
import { and, asc, desc, eq, lte, type SQL, sql } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { containsKeyword } from '../../platform/db/search';
import { AppError, invalidFields, notFound } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { admins } from '../admins/admins.tables';
import { activeIn } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { giftFields, toGift } from './gifts.service';
import { loyaltyGiftCodes, loyaltyGifts, loyaltyRedemptions } from './gifts.tables';
import { balanceOf, pointHistoryOf, postPoints, staffOrSystem, withIdempotency } from './ledger.service';
import { loyaltyTiers } from './loyalty.tables';

const r = loyaltyRedemptions;
const ofCustomer = (column: string) =>
  sql.raw(`(select c.${column} from customers c where c._id = loyalty_redemptions.customer_id)`);

const redemptionFields = {
  _id: r._id,
  loyalty_customer: r.customer_id,
  loyalty_customer_name: sql<string | null>`${ofCustomer('customer_name')}`,
  loyalty_customer_surname: sql<string | null>`${ofCustomer('customer_surname')}`,
  loyalty_customer_phone: sql<string>`${ofCustomer('customer_phone')}`,
  loyalty_customer_gift: r.loyalty_gift_id,
  loyalty_customer_gift_title: r.loyalty_customer_gift_title,
  loyalty_customer_points: r.loyalty_customer_points,
  loyalty_customer_gift_send_type: r.loyalty_customer_gift_send_type,
  loyalty_customer_gift_code: r.loyalty_customer_gift_code,
  loyalty_customer_note: r.loyalty_customer_note,
  loyalty_customer_address: r.loyalty_customer_address,
  loyalty_customer_tracking_number: r.loyalty_customer_tracking_number,
  loyalty_customer_status: r.loyalty_customer_status,
  loyalty_customer_source: r.loyalty_customer_source,
  loyalty_customer_admin_name: sql<
    string | null
  >`(select trim(a.admin_name || ' ' || coalesce(a.admin_surname, '')) from ${admins} a where a._id = loyalty_redemptions.admin_id)`,
  created_at: r.created_at,
  updated_at: r.updated_at,
};
type Row = Omit<LoyaltyCustomer, 'createdAt' | 'updatedAt'> & { created_at: Date; updated_at: Date };
const toRedemption = ({ created_at, updated_at, ...row }: Row): LoyaltyCustomer => ({
  ...row,
  createdAt: created_at.toISOString(),
  updatedAt: updated_at.toISOString(),
});

const inMall = (locationId: string) => eq(r.location_id, locationId);

export const redemptionList = listSource({
  table: loyaltyRedemptions,
  fields: redemptionFields,
  uniqueKey: r._id,
  search: [r.loyalty_customer_gift_title, r.loyalty_customer_tracking_number, ofCustomer('customer_search')],
  sortable: {
    createdAt: r.created_at,
    loyalty_customer_gift_title: r.loyalty_customer_gift_title,
    loyalty_customer_points: r.loyalty_customer_points,
  },
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});
type SortKey = keyof typeof redemptionList.sortable;

const filterOf = (
  locationId: string,
  filter: LoyaltyCustomerFilter = {},
  keyword?: string,
): SQL | undefined =>
  and(
    inMall(locationId),
    filter.loyalty_customer_status
      ? eq(r.loyalty_customer_status, filter.loyalty_customer_status)
      : undefined,
    filter.loyalty_customer_gift ? eq(r.loyalty_gift_id, filter.loyalty_customer_gift) : undefined,
    filter.loyalty_customer ? eq(r.customer_id, filter.loyalty_customer) : undefined,
    keyword?.trim() ? containsKeyword(redemptionList.search, keyword.trim()) : undefined,
  );

/** `POST /loyalty-customer/filter`: the mall's redemptions, newest first. */
export const listRedemptions = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter?: LoyaltyCustomerFilter | undefined },
): Promise<ListResponse<LoyaltyCustomer>> => {
  const page = await listPage(db, redemptionList, query, filterOf(locationId, query.filter));
  return { ...page, data: page.data.map(toRedemption) };
};

const EXPORT_PAGE = 1000;
const exportFields = {
  ...redemptionFields,
  // The keyset key as PostgreSQL's own text of the timestamp: a JS Date keeps milliseconds only,
  // and a key cut to milliseconds would repeat or skip rows at page boundaries.
  key: sql<string>`${r.created_at}::text`,
};

/**
 * The export's rows: the redemptions the list's filter and keyword find, newest first, a page at a
 * time by (created_at, _id) before the previous page's last row, each page a range of the
 * (location_id, created_at, _id) index, so memory stays flat however many match. The next page is
 * read while this one is written.
 */
export async function* redemptionsToExport(
  db: Database,
  locationId: string,
  query: { filter?: LoyaltyCustomerFilter | undefined; keyword?: string | undefined },
): AsyncGenerator<LoyaltyCustomer> {
  const where = filterOf(locationId, query.filter, query.keyword);
  const pageBefore = (before: { key: string; _id: string } | undefined) =>
    db
      .select(exportFields)
      .from(loyaltyRedemptions)
      .where(
        and(
          where,
          before === undefined
            ? undefined
            : sql`(${r.created_at}, ${r._id}) < (${before.key}::timestamptz, ${before._id})`,
        ),
      )
      .orderBy(desc(r.created_at), desc(r._id))
      .limit(EXPORT_PAGE)
      .execute();
  let next = pageBefore(undefined);
  for (;;) {
    const page = await next;
    const last = page.at(-1);
    const more = page.length === EXPORT_PAGE && last !== undefined;
    if (more) {
      next = pageBefore(last);
      // A download cut short leaves this read unawaited: its failure must not be an unhandled rejection.
      next.catch(() => undefined);
    }
    for (const { key: _key, ...row } of page) yield toRedemption(row);
    if (!more) return;
  }
}

export const findRedemption = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select(redemptionFields)
    .from(loyaltyRedemptions)
    .where(and(eq(r._id, id), inMall(locationId)));
  if (!row) throw notFound();
  return toRedemption(row);
};

const tierPriority = (tierId: SQL | string) =>
  sql`(select t.loyalty_tier_priority from ${loyaltyTiers} t where t._id = ${tierId})`;

/**
 * The gifts a customer with `balance` can take now: active, in stock (and with a code left when the
 * gift has a pool), no dearer than the balance, and their tier at least the gift's minimum (priority
 * 1 is the highest: the customer's priority number is at most the gift tier's). Cheapest first.
 */
const affordableGifts = async (db: Database, locationId: string, balance: PointBalance) =>
  (
    await db
      .select(giftFields)
      .from(loyaltyGifts)
      .where(
        and(
          eq(loyaltyGifts.location_id, locationId),
          eq(loyaltyGifts.loyalty_gift_is_active, true),
          sql`${loyaltyGifts.loyalty_gift_stock_quantity} > 0`,
          lte(loyaltyGifts.loyalty_gift_point_quantity, balance.point_balance),
          sql`(${loyaltyGifts.loyalty_gift_min_tier_id} is null or ${tierPriority(sql`${loyaltyGifts.loyalty_gift_min_tier_id}`)} >= ${
            balance.loyalty_tier_id ? tierPriority(balance.loyalty_tier_id) : sql`null`
          })`,
          sql`(not exists (select 1 from ${loyaltyGiftCodes} c where c.loyalty_gift_id = loyalty_gifts._id)
               or exists (select 1 from ${loyaltyGiftCodes} c where c.loyalty_gift_id = loyalty_gifts._id and c.loyalty_redemption_id is null))`,
        ),
      )
      .orderBy(asc(loyaltyGifts.loyalty_gift_point_quantity), asc(loyaltyGifts._id))
  ).map(toGift);

const customerOfMall = async (db: Database, locationId: string, customerId: string) => {
  const [row] = await db
    .select({
      _id: customers._id,
      customer_name: customers.customer_name,
      customer_surname: customers.customer_surname,
      customer_phone: customers.customer_phone,
    })
    .from(customers)
    .where(and(eq(customers._id, customerId), activeIn(locationId)));
  if (!row) throw notFound();
  return row;
};

/** `GET /loyalty-customer/burn-points/{customerId}`: what the desk needs to redeem a gift. */
export const burnPreparationOf = async (
  db: Database,
  locationId: string,
  customerId: string,
): Promise<BurnPreparation> => {
  const customer = await customerOfMall(db, locationId, customerId);
  const history = await pointHistoryOf(db, locationId, customerId, { limit: 20, currentPage: 1 });
  const redemptions = await db
    .select(redemptionFields)
    .from(loyaltyRedemptions)
    .where(and(inMall(locationId), eq(r.customer_id, customerId)))
    .orderBy(desc(r.created_at), desc(r._id))
    .limit(50);
  return {
    customer,
    balance: history.balance,
    point_history: history.data,
    customer_loyalty_list: redemptions.map(toRedemption),
    available_gift_list: await affordableGifts(db, locationId, history.balance),
  };
};

/** `GET /ext/loyalty-customer/available-gifts`: the signed-in customer's balance and what it buys. */
export const availableGiftsOf = async (
  db: Database,
  locationId: string,
  customerId: string,
): Promise<MicroSiteAvailableGifts> => {
  const balance = await balanceOf(db, locationId, customerId);
  const gifts = await affordableGifts(db, locationId, balance);
  return {
    balance,
    available_gift_list: gifts.map((gift) => ({
      _id: gift._id,
      loyalty_gift_title: gift.loyalty_gift_title,
      loyalty_gift_note: gift.loyalty_gift_note,
      loyalty_gift_point_quantity: gift.loyalty_gift_point_quantity,
      loyalty_gift_send_type: gift.loyalty_gift_send_type,
    })),
  };
};

const giftRefused = (key: string) => invalidFields({ loyalty_customer_gift: key });

export type Redeeming = {
  customerId: string;
  giftId: string;
  address: string | null;
  note: string | null;
  source: LoyaltyCustomerSource;
  /** The staff user at the desk; none on the micro-site. */
  adminId: string | null;
  /** One intended redemption, one key: a retry with it redeems nothing more. */
  idempotencyKey: string;
  auditRequest?: AuditRequest | undefined;
};

/**
 * Redeems a gift in one transaction, taking (in this order, the same in every writer, so two never
 * wait for each other crosswise) the gift's stock by one guarded statement (`stock > 0`), a code of
 * its pool if it has one (`for update skip locked`), and the points by a `burn` entry through the
 * ledger's guarded update; any refusal rolls all of it back. Concurrent claims therefore never
 * oversell a gift nor overspend a balance.
 */
export const redeemGift = async (db: Database, locationId: string, redeeming: Redeeming) => {
  await customerOfMall(db, locationId, redeeming.customerId);
  const { entry } = await withIdempotency(db, locationId, redeeming.idempotencyKey, () =>
    db.transaction(async (tx) => {
      const [gift] = await tx
        .select({
          _id: loyaltyGifts._id,
          title: loyaltyGifts.loyalty_gift_title,
          points: loyaltyGifts.loyalty_gift_point_quantity,
          active: loyaltyGifts.loyalty_gift_is_active,
          sendType: loyaltyGifts.loyalty_gift_send_type,
          tierPriority: tierPriority(sql`${loyaltyGifts.loyalty_gift_min_tier_id}`).mapWith(Number),
        })
        .from(loyaltyGifts)
        .where(and(eq(loyaltyGifts._id, redeeming.giftId), eq(loyaltyGifts.location_id, locationId)));
      if (!gift) throw giftRefused('loyaltyGiftNotFound');
      if (!gift.active) throw giftRefused('loyaltyGiftInactive');
      const balance = await balanceOf(tx, locationId, redeeming.customerId);
      if (gift.tierPriority !== null) {
        const [own] = balance.loyalty_tier_id
          ? await tx
              .select({ priority: loyaltyTiers.loyalty_tier_priority })
              .from(loyaltyTiers)
              .where(eq(loyaltyTiers._id, balance.loyalty_tier_id))
          : [];
        if (!own || own.priority > gift.tierPriority) throw giftRefused('loyaltyGiftTierTooLow');
      }
      if (balance.point_balance < gift.points) throw giftRefused('loyaltyGiftPointsInsufficient');
      const [taken] = await tx
        .update(loyaltyGifts)
        .set({ loyalty_gift_stock_quantity: sql`${loyaltyGifts.loyalty_gift_stock_quantity} - 1` })
        .where(and(eq(loyaltyGifts._id, gift._id), sql`${loyaltyGifts.loyalty_gift_stock_quantity} > 0`))
        .returning({ _id: loyaltyGifts._id });
      if (!taken) throw giftRefused('loyaltyGiftOutOfStock');
      const redemptionId = newId();
      const [code] = await tx
        .update(loyaltyGiftCodes)
        .set({ loyalty_redemption_id: redemptionId, used_at: sql`now()` })
        .where(
          eq(
            loyaltyGiftCodes._id,
            sql`(select c._id from ${loyaltyGiftCodes} c
                  where c.loyalty_gift_id = ${gift._id} and c.loyalty_redemption_id is null
                  order by c._id limit 1 for update skip locked)`,
          ),
        )
        .returning({ code: loyaltyGiftCodes.loyalty_gift_code });
      if (!code) {
        const [pool] = await tx
          .select({ _id: loyaltyGiftCodes._id })
          .from(loyaltyGiftCodes)
          .where(eq(loyaltyGiftCodes.loyalty_gift_id, gift._id))
          .limit(1);
        if (pool) throw giftRefused('loyaltyGiftOutOfStock');
      }
      let burnt: Awaited<ReturnType<typeof postPoints>>;
      try {
        burnt = await postPoints(tx, {
          locationId,
          customerId: redeeming.customerId,
          kind: 'burn',
          amount: -gift.points,
          cause: 'gift_redemption',
          causeId: redemptionId,
          note: gift.title,
          // The customer's own claim on the micro-site, else the desk's staff user (none: the demo data).
          ...(redeeming.source === 'micro_site' ? { actor: 'customer' } : staffOrSystem(redeeming.adminId)),
          idempotencyKey: redeeming.idempotencyKey,
        });
      } catch (error) {
        // A spend that raced this one took the points the check above saw.
        if (error instanceof AppError && error.options.fields?.point_entry_amount === 'pointsInsufficient')
          throw giftRefused('loyaltyGiftPointsInsufficient');
        throw error;
      }
      await tx.insert(loyaltyRedemptions).values({
        _id: redemptionId,
        location_id: locationId,
        customer_id: redeeming.customerId,
        loyalty_gift_id: gift._id,
        loyalty_customer_gift_title: gift.title,
        loyalty_customer_points: gift.points,
        loyalty_customer_gift_send_type: gift.sendType,
        loyalty_customer_gift_code: code?.code ?? null,
        loyalty_customer_note: redeeming.note,
        loyalty_customer_address: redeeming.address,
        loyalty_customer_source: redeeming.source,
        admin_id: redeeming.adminId,
      });
      if (redeeming.auditRequest)
        await audit(tx, redeeming.auditRequest, {
          action: 'loyalty_customer.redeemed',
          entity: 'customer',
          entityId: redeeming.customerId,
          details: { loyalty_customer: redemptionId, loyalty_gift: gift._id, points: gift.points },
        });
      return burnt;
    }),
  );
  return findRedemption(db, locationId, entry.point_entry_cause_id!);
};

/** `POST /loyalty-customer/burn-points`: staff redeem at the desk, once per `Idempotency-Key`. */
export const burnPoints = (
  db: Database,
  locationId: string,
  input: BurnPointsInput,
  key: string,
  request: AuditRequest & { staff?: { _id: string } | undefined },
) => {
  const values = burnPointsInput.parse(input);
  return redeemGift(db, locationId, {
    customerId: values.loyalty_customer,
    giftId: values.loyalty_customer_gift,
    address: values.loyalty_customer_address,
    note: values.loyalty_customer_note,
    source: 'desk',
    adminId: request.staff?._id ?? null,
    idempotencyKey: `gift:${key}`,
    auditRequest: request,
  });
};

/** The redemption locked for a change, or 404; `allowed` the statuses it may be changed from. */
const lockedRedemption = async (tx: Database, locationId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(loyaltyRedemptions)
    .where(and(eq(r._id, id), inMall(locationId)))
    .for('update');
  if (!row) throw notFound();
  if (row.loyalty_customer_status === 'cancelled')
    throw new AppError('CONFLICT', 409, { fields: { loyalty_customer_status: 'loyaltyCustomerCancelled' } });
  return row;
};

/** `POST /loyalty-customer/{id}/sent-and-save`: new → waiting with the tracking number and address. */
export const sendRedemption = (
  db: Database,
  locationId: string,
  id: string,
  input: SentAndSaveInput,
  request: AuditRequest | undefined,
) =>
  db.transaction(async (tx) => {
    const values = sentAndSaveInput.parse(input);
    const row = await lockedRedemption(tx, locationId, id);
    if (row.loyalty_customer_status !== 'new')
      throw new AppError('CONFLICT', 409, { fields: { loyalty_customer_status: 'loyaltyCustomerNotNew' } });
    const address = values.loyalty_customer_address ?? row.loyalty_customer_address;
    if (row.loyalty_customer_gift_send_type === 'to_address') {
      const missing: Record<string, string> = {};
      if (!address) missing.loyalty_customer_address = 'loyaltyCustomerAddressRequired';
      if (!values.loyalty_customer_tracking_number)
        missing.loyalty_customer_tracking_number = 'loyaltyCustomerAddressRequired';
      if (Object.keys(missing).length > 0) throw invalidFields(missing);
    }
    await tx
      .update(loyaltyRedemptions)
      .set({
        loyalty_customer_status: 'waiting',
        loyalty_customer_address: address,
        loyalty_customer_tracking_number: values.loyalty_customer_tracking_number,
        sent_at: sql`now()`,
      })
      .where(eq(r._id, id));
    await audit(tx, request, {
      action: 'loyalty_customer.sent',
      entity: 'customer',
      entityId: row.customer_id,
      details: {
        loyalty_customer: id,
        loyalty_customer_tracking_number: values.loyalty_customer_tracking_number,
      },
    });
    return findRedemption(tx, locationId, id);
  });

/**
 * `POST /loyalty-customer/{id}/cancel`: with its note; the points come back as a `refund` entry and
 * the gift's stock by one, once: the row is locked and a cancelled one is refused (409), and the
 * refund's idempotency key (`gift-refund:<id>`) is unique in the ledger besides.
 */
export const cancelRedemption = (
  db: Database,
  locationId: string,
  id: string,
  input: CancelRedemptionInput,
  request: AuditRequest | undefined,
) =>
  db.transaction(async (tx) => {
    const values = cancelRedemptionInput.parse(input);
    const row = await lockedRedemption(tx, locationId, id);
    if (row.loyalty_gift_id)
      await tx
        .update(loyaltyGifts)
        .set({ loyalty_gift_stock_quantity: sql`${loyaltyGifts.loyalty_gift_stock_quantity} + 1` })
        .where(eq(loyaltyGifts._id, row.loyalty_gift_id));
    await tx
      .update(loyaltyRedemptions)
      .set({
        loyalty_customer_status: 'cancelled',
        loyalty_customer_note: values.loyalty_customer_note,
        cancelled_at: sql`now()`,
      })
      .where(eq(r._id, id));
    await postPoints(tx, {
      locationId,
      customerId: row.customer_id,
      kind: 'refund',
      amount: row.loyalty_customer_points,
      cause: 'gift_redemption',
      causeId: id,
      note: values.loyalty_customer_note,
      ...staffOrSystem(request?.staff?._id),
      idempotencyKey: `gift-refund:${id}`,
    });
    await audit(tx, request, {
      action: 'loyalty_customer.cancelled',
      entity: 'customer',
      entityId: row.customer_id,
      details: { loyalty_customer: id, loyalty_customer_note: values.loyalty_customer_note },
    });
    return findRedemption(tx, locationId, id);
  });
