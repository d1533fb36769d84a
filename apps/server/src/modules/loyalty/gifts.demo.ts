import { and, asc, eq, gt } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { nameKey } from '../../platform/db/unique-names';
import { loyaltyGiftCodes, loyaltyGifts } from './gifts.tables';
import { loyaltyTiers, pointBalances } from './loyalty.tables';
import { cancelRedemption, redeemGift, sendRedemption } from './redemptions.service';

const demoGifts = [
  {
    title: 'Kahve',
    note: 'Food court’taki kahvecilerden birinde orta boy kahve',
    points: 150,
    stock: 200,
    tier: 'Bronz',
    send: 'by_hand',
  },
  {
    title: 'Otopark 3 saat',
    note: 'Otoparkta 3 saat ücretsiz park',
    points: 250,
    stock: 500,
    tier: 'Bronz',
    send: 'by_hand',
  },
  {
    title: 'Sinema bileti',
    note: 'Hafta içi tüm seanslarda geçerli tek kişilik bilet',
    points: 400,
    stock: 60,
    tier: 'Bronz',
    send: 'by_hand',
    codes: 40,
  },
  {
    title: 'Hediye çeki 100 ₺',
    note: 'AVM’deki tüm mağazalarda geçerli',
    points: 1000,
    stock: 30,
    tier: 'Gümüş',
    send: 'to_address',
  },
  {
    title: 'Hediye çeki 500 ₺',
    note: 'Altın üyelere özel',
    points: 4500,
    stock: 5,
    tier: 'Altın',
    send: 'to_address',
  },
] as const;

/**
 * The demo mall's gifts (after its tiers and opening balances, seedDemoLoyalty) and a few redemptions
 * made through the same service as the desk: some new, two sent with a tracking number, one cancelled
 * with its points given back.
 */
export const seedDemoGifts = async (db: Database, locationId: string, mallIndex: number) => {
  const tiers = await db
    .select({ _id: loyaltyTiers._id, title: loyaltyTiers.loyalty_tier_title })
    .from(loyaltyTiers)
    .where(eq(loyaltyTiers.location_id, locationId));
  const tierOf = (title: string) => tiers.find((tier) => tier.title === title)?._id ?? null;
  const gifts = await db
    .insert(loyaltyGifts)
    .values(
      demoGifts.map((gift) => ({
        location_id: locationId,
        loyalty_gift_title: gift.title,
        loyalty_gift_title_key: nameKey(gift.title),
        loyalty_gift_note: gift.note,
        loyalty_gift_point_quantity: gift.points,
        loyalty_gift_stock_quantity: gift.stock,
        loyalty_gift_min_tier_id: tierOf(gift.tier),
        loyalty_gift_is_active: true,
        loyalty_gift_send_type: gift.send,
      })),
    )
    .returning({ _id: loyaltyGifts._id, title: loyaltyGifts.loyalty_gift_title });
  for (const gift of demoGifts)
    if ('codes' in gift) {
      const giftId = gifts.find((row) => row.title === gift.title)!._id;
      await db.insert(loyaltyGiftCodes).values(
        Array.from({ length: gift.codes }, (_, index) => ({
          loyalty_gift_id: giftId,
          loyalty_gift_code: `SNM${mallIndex}-${String(index + 1).padStart(4, '0')}`,
        })),
      );
    }
  const holders = await db
    .select({ customerId: pointBalances.customer_id })
    .from(pointBalances)
    .where(and(eq(pointBalances.location_id, locationId), gt(pointBalances.point_balance, 1200)))
    .orderBy(asc(pointBalances.customer_id))
    .limit(8);
  const giftIdOf = (title: string) => gifts.find((row) => row.title === title)!._id;
  const plan = ['Kahve', 'Sinema bileti', 'Otopark 3 saat', 'Hediye çeki 100 ₺', 'Kahve', 'Sinema bileti'];
  const redeemed: { _id: string; title: string }[] = [];
  for (const [index, holder] of holders.slice(0, plan.length).entries()) {
    const title = plan[index]!;
    const redemption = await redeemGift(db, locationId, {
      customerId: holder.customerId,
      giftId: giftIdOf(title),
      address: title.startsWith('Hediye çeki') ? 'Bağdat Cad. No: 120 D: 4, Kadıköy, İstanbul' : null,
      note: null,
      source: index % 2 === 0 ? 'desk' : 'micro_site',
      adminId: null,
      idempotencyKey: `demo-gift:${locationId}:${index}`,
    }).catch(() => undefined); // a customer whose tier the gift is above is simply skipped
    if (redemption) redeemed.push({ _id: redemption._id, title });
  }
  const parcel = redeemed.find((row) => row.title.startsWith('Hediye çeki'));
  if (parcel)
    await sendRedemption(
      db,
      locationId,
      parcel._id,
      { loyalty_customer_tracking_number: `YK${mallIndex}0045871236` },
      undefined,
    );
  const handed = redeemed.find((row) => row.title === 'Kahve');
  if (handed) await sendRedemption(db, locationId, handed._id, {}, undefined);
  const dropped = redeemed.find((row) => row.title === 'Otopark 3 saat');
  if (dropped)
    await cancelRedemption(
      db,
      locationId,
      dropped._id,
      { loyalty_customer_note: 'Müşteri hediyeyi almaktan vazgeçti' },
      undefined,
    );
};
