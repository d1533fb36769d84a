import { createHash } from 'node:crypto';
import {
  calculateReceiptPoints,
  type ReceiptRejectionReason,
  type ReceiptStatus,
  receiptRejectionReasons,
} from '@avlu/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Database } from '../../platform/db/database';
import type { Files } from '../../platform/files/files';
import {
  demoDayWithin,
  demoMultiplies,
  demoReceiptCampaigns,
  demoStampShopping,
  seedDemoReceiptCredits,
} from '../campaigns/receipt-mechanics.demo';
import { customers } from '../customers/customers.tables';
import { loyaltyTiers, pointBalances, pointEntries } from '../loyalty/loyalty.tables';
import { placeCustomersInTiers } from '../loyalty/tiers.service';
import { pointProviders } from '../point-providers/point-providers.tables';
import { stores } from '../stores/stores.tables';
import { RECEIPT_THUMBNAIL_SIDE } from './receipt-photos';
import { receiptDayOf, receiptNoKey } from './receipts.service';
import { type ReceiptRow, receipts } from './receipts.tables';

/** Receipts per demo mall at first start (issue 14: about 20,000, over the last `DEMO_RECEIPT_DAYS` days); the generator takes any count. */
export const DEMO_RECEIPTS_PER_MALL = 20_000;
const DAY_MS = 86_400_000;
/** How far back the demo receipts go: more than 13 months, so a year of monthly reports has whole months. */
export const DEMO_RECEIPT_DAYS = 400;
const HOUR_MS = 3_600_000;
const BATCH = 500;

/** A till receipt drawn without text (no fonts on a server): paper, a logo block, item lines, a total. */
const receiptPicture = (seed: number) => {
  const lines = Array.from({ length: 14 }, (_, index) => {
    const width = 180 + ((seed * 37 + index * 53) % 220);
    return `<rect x="60" y="${230 + index * 34}" width="${width}" height="12" rx="3" fill="#9ca3af"/>
      <rect x="${440 - ((index * 17) % 40)}" y="${230 + index * 34}" width="${60 + ((index * 17) % 40)}" height="12" rx="3" fill="#6b7280"/>`;
  }).join('');
  const hue = (seed * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="900">
    <rect width="560" height="900" fill="#e5e7eb"/>
    <rect x="30" y="20" width="500" height="860" fill="#fdfdf8"/>
    <rect x="190" y="60" width="180" height="90" rx="14" fill="hsl(${hue},55%,45%)"/>
    <rect x="140" y="170" width="280" height="14" rx="4" fill="#4b5563"/>${lines}
    <rect x="60" y="740" width="440" height="4" fill="#111827"/>
    <rect x="60" y="770" width="160" height="22" rx="4" fill="#111827"/>
    <rect x="360" y="770" width="140" height="22" rx="4" fill="#111827"/>
    <rect x="180" y="820" width="200" height="30" fill="#374151"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
};

/** Four receipt photos, saved one after the other: `db` is the first start's transaction, one connection. */
const demoPhotos = async (db: Database, files: Pick<Files, 'save'>) => {
  const photos = [];
  for (const seed of [1, 2, 3, 4]) {
    const photo = await receiptPicture(seed);
    const thumbnail = await sharp(photo)
      .resize({ width: RECEIPT_THUMBNAIL_SIDE, height: RECEIPT_THUMBNAIL_SIDE, fit: 'inside' })
      .jpeg({ quality: 75 })
      .toBuffer();
    const saved = await files.save(db, photo, { extension: 'jpg', visibility: 'private' });
    const small = await files.save(db, thumbnail, { extension: 'jpg', visibility: 'private' });
    photos.push({
      receipt_photo: saved.name,
      receipt_thumbnail: small.name,
      receipt_photo_hash: createHash('sha256').update(photo).digest('hex'),
    });
  }
  return photos;
};

/** Deterministic spread: 80 % approved, 8 % rejected, 5 % uncertain, the rest (the newest) pending. */
const statusOf = (index: number, daysAgo: number): ReceiptStatus => {
  if (daysAgo < 3) return 'pending';
  const step = (index * 7919) % 100;
  if (step < 80) return 'approved';
  if (step < 88) return 'rejected';
  if (step < 93) return 'uncertain';
  return 'pending';
};

const rejectionMessages: Partial<Record<ReceiptRejectionReason, string>> = {
  other: 'Fişin alt kısmı kesik, toplam tutar görünmüyor',
  not_belonging_to_mall: 'Fiş başka bir AVM’deki mağazaya ait',
};

/**
 * `count` receipts of the demo mall over the last year, from customers who hold points (those of the
 * opening balances, so the first-start test's balances stay their entries' sums), at the mall's open
 * stores, entered at the desk or uploaded on the micro-site. Approved ones carry their calculation (the
 * mall's point providers, the customer's tier, the receipt campaign's multiplier) and, when they earn,
 * their `earn` entry with the exact balance after it; the balances and tiers follow. Four drawn photos
 * serve them all. Written in batches, not through the approval: nothing else runs on the new mall.
 * Receipts are uploaded for the receipt campaign only within its days, and it multiplies from its
 * spending limit on; a dozen shoppers fill the over-limit campaign's stamp cards (a few full, with their
 * coupons), and every approved receipt's campaign credits follow (issue 15 #8).
 */
export const seedDemoReceipts = async (
  db: Database,
  files: Pick<Files, 'save'>,
  mall: { _id: string; location_meta: { timezone: string } },
  count = DEMO_RECEIPTS_PER_MALL,
) => {
  const locationId = mall._id;
  const members = await db
    .select({
      _id: customers._id,
      created_at: customers.created_at,
      balance: pointBalances.point_balance,
      tier: loyaltyTiers.loyalty_tier_title,
      multiplier: loyaltyTiers.loyalty_tier_point_multiplier,
    })
    .from(pointBalances)
    .innerJoin(customers, eq(customers._id, pointBalances.customer_id))
    .leftJoin(loyaltyTiers, eq(loyaltyTiers._id, pointBalances.loyalty_tier_id))
    .where(eq(pointBalances.location_id, locationId))
    .orderBy(asc(customers._id));
  const shops = await db
    .select({ _id: stores._id, category: stores.store_category_id })
    .from(stores)
    .where(and(eq(stores.location_id, locationId), eq(stores.store_is_active, true)))
    .orderBy(asc(stores.store_name));
  if (members.length === 0 || shops.length === 0 || count <= 0) return 0;
  const providers = await db.select().from(pointProviders).where(eq(pointProviders.location_id, locationId));
  // The receipt campaign receipts are uploaded for, and the over-limit campaigns they fill stamp cards of.
  const mechanics = await demoReceiptCampaigns(db, locationId);
  const campaign = mechanics.receipt;
  const photos = await demoPhotos(db, files);
  const now = Date.now();
  const categoryOf = new Map(shops.map((shop) => [shop._id, shop.category]));
  const memberOf = new Map(members.map((member) => [member._id, member]));

  const rows: (typeof receipts.$inferInsert)[] = [];
  const rowOf = (
    index: number,
    member: (typeof members)[number],
    shop: (typeof shops)[number],
    at: Date,
    amount: number,
    status: ReceiptStatus,
  ) => {
    const receiptNo = `${((index * 97) % 9000) + 1000}-${String(index).padStart(6, '0')}`;
    const reason =
      status === 'rejected' ? receiptRejectionReasons[index % receiptRejectionReasons.length]! : null;
    const day = receiptDayOf(mall, at);
    // Uploaded for the receipt campaign only within its days; its multiplier from its spending limit on.
    const withCampaign =
      campaign && index % 5 === 0 && demoDayWithin(mall, campaign, day) ? campaign : undefined;
    const multiplied = withCampaign && demoMultiplies(mall, withCampaign, day, amount);
    const calculation =
      status === 'approved'
        ? calculateReceiptPoints({
            receipt: {
              receipt_amount: amount,
              currency: 'TRY',
              receipt_day: day,
              store_id: shop._id,
              store_category_id: shop.category,
            },
            providers,
            tier: member.tier ? { title: member.tier, multiplier: member.multiplier ?? 1 } : null,
            campaignMultiplier: multiplied ? (withCampaign.campaign_point_multiplier ?? 1) : null,
          })
        : null;
    const enteredAt = new Date(Math.min(now - HOUR_MS / 2, at.getTime() + ((index % 5) + 1) * HOUR_MS));
    const source = index % 3 === 0 ? 'desk' : 'micro_site';
    rows.push({
      location_id: locationId,
      customer_id: member._id,
      store_id: shop._id,
      campaign_id: withCampaign?._id ?? null,
      receipt_no: receiptNo,
      receipt_no_key: receiptNoKey(receiptNo),
      receipt_amount: amount,
      currency: 'TRY',
      receipt_date: at,
      receipt_day: day,
      receipt_status: status,
      receipt_rejection_reason: reason,
      receipt_rejection_message: reason ? (rejectionMessages[reason] ?? null) : null,
      receipt_calculated_points: calculation?.total_points ?? null,
      receipt_points_calculation: calculation,
      ...photos[index % photos.length]!,
      receipt_photo_type: 'jpg',
      receipt_source: source,
      send_sms: source === 'micro_site',
      receipt_language: 'tr',
      receipt_approved_at: calculation ? new Date(Math.min(now, enteredAt.getTime() + 2 * HOUR_MS)) : null,
      created_at: enteredAt,
      updated_at: enteredAt,
    });
  };
  for (let index = 0; index < count; index++) {
    const member = members[(index * 7919) % members.length]!;
    const shop = shops[(index * 131) % shops.length]!;
    // Over the last 400 days: the monthly reports of the last twelve months all show a whole month.
    const earliest = Math.max(member.created_at.getTime(), now - DEMO_RECEIPT_DAYS * DAY_MS);
    const span = now - HOUR_MS - earliest;
    if (span <= 0) continue;
    const at = new Date(earliest + (((index * 2_654_435_761) % 1_000_003) / 1_000_003) * span);
    const daysAgo = (now - at.getTime()) / DAY_MS;
    const amount = 40 + ((index * 7_333) % 3_960) + ((index * 17) % 100) / 100;
    rowOf(index, member, shop, at, amount, statusOf(index, daysAgo));
  }
  // Shoppers filling the over-limit campaign's stamp cards (issue 15 #8), approved.
  const shopping = await demoStampShopping(
    db,
    mechanics.overLimit[0],
    members.map((member) => member._id),
    now,
  );
  shopping.forEach((shop, offset) => {
    const member = memberOf.get(shop.customerId)!;
    const store = shops.find((candidate) => candidate._id === shop.storeId);
    if (!store) return;
    // Past the generic receipts' numbers, and never a multiple of 5 (not uploaded for the receipt campaign).
    rowOf(count + offset * 5 + 1, member, store, shop.at, shop.amount, 'approved');
  });
  const saved: {
    _id: string;
    customer_id: string;
    points: number | null;
    approvedAt: Date | null;
    row: ReceiptRow;
  }[] = [];
  for (let from = 0; from < rows.length; from += BATCH)
    saved.push(
      ...(
        await db
          .insert(receipts)
          .values(rows.slice(from, from + BATCH))
          .returning()
      ).map((row) => ({
        _id: row._id,
        customer_id: row.customer_id,
        points: row.receipt_calculated_points,
        approvedAt: row.receipt_approved_at,
        row,
      })),
    );

  // The earn entries, each customer's in time order after their opening balance.
  const earning = saved
    .filter((row) => row.points && row.approvedAt)
    .sort((a, b) => a.approvedAt!.getTime() - b.approvedAt!.getTime());
  const balances = new Map(members.map((member) => [member._id, member.balance]));
  const earned = new Map<string, { sum: number; last: Date }>();
  const entries = earning.map((row) => {
    const after = balances.get(row.customer_id)! + row.points!;
    balances.set(row.customer_id, after);
    const total = earned.get(row.customer_id);
    earned.set(row.customer_id, { sum: (total?.sum ?? 0) + row.points!, last: row.approvedAt! });
    return {
      location_id: locationId,
      customer_id: row.customer_id,
      point_entry_kind: 'earn' as const,
      point_entry_amount: row.points!,
      point_entry_balance_after: after,
      point_entry_cause: 'receipt' as const,
      point_entry_cause_id: row._id,
      point_entry_actor: 'system' as const, // the demo's approvals name no staff user (none exists yet)
      point_entry_idempotency_key: `receipt:${row._id}:earn`,
      created_at: row.approvedAt!,
    };
  });
  for (let from = 0; from < entries.length; from += BATCH)
    await db.insert(pointEntries).values(entries.slice(from, from + BATCH));
  const ids = [...earned.keys()];
  if (ids.length > 0) {
    const sums = ids.map((id) => earned.get(id)!.sum);
    const lasts = ids.map((id) => earned.get(id)!.last.toISOString());
    await db.execute(sql`
      update point_balances b
         set point_balance = b.point_balance + v.points,
             point_tier_points = b.point_tier_points + v.points,
             point_earned_total = b.point_earned_total + v.points,
             point_last_entry_at = greatest(b.point_last_entry_at, v.last)
        from (select unnest(${sql.param(ids)}::varchar[]) as customer_id,
                     unnest(${sql.param(sums)}::int[]) as points,
                     unnest(${sql.param(lasts)}::timestamptz[]) as last) v
       where b.customer_id = v.customer_id`);
    await placeCustomersInTiers(db, locationId);
  }
  // Their credits toward the receipt campaign, and the over-limit campaigns' stamps, cards and coupons.
  await seedDemoReceiptCredits(
    db,
    mall,
    mechanics,
    saved.map(({ row }) => ({ ...row, category: categoryOf.get(row.store_id) ?? null })),
  );
  return rows.length;
};
