import type { CampaignPrize, CampaignPrizeInput } from '@avlu/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { AppError, invalidFields } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { campaignPrizes } from './mechanics.tables';

/**
 * A game's prize inventory (issue 15 #2), written with the campaign's create and update in their
 * transaction. The list sent replaces the rows: a prize sent with its `_id` keeps its row and what it
 * has given (its stock may not go below that: 400 naming `campaign_prizes.<i>.prize_stock`), a prize
 * without one is new, and a saved prize left out is removed unless it was won (409
 * `CAMPAIGN_PRIZE_WON` naming it: lower its stock instead). Positions follow the list's order.
 */
export const replaceCampaignPrizes = async (
  tx: Database,
  locationId: string,
  campaignId: string,
  prizes: readonly CampaignPrizeInput[],
) => {
  const existing = await tx
    .select()
    .from(campaignPrizes)
    .where(and(eq(campaignPrizes.campaign_id, campaignId), eq(campaignPrizes.location_id, locationId)))
    .for('update');
  const byId = new Map(existing.map((row) => [row._id, row]));
  const kept = new Set<string>();
  for (const [index, prize] of prizes.entries()) {
    if (prize._id === undefined) continue;
    const row = byId.get(prize._id);
    if (!row || kept.has(prize._id))
      throw invalidFields({ [`campaign_prizes.${index}._id`]: 'campaignPrizeNotFound' });
    if (prize.prize_stock < row.prize_given)
      throw invalidFields({ [`campaign_prizes.${index}.prize_stock`]: 'campaignPrizeStockBelowGiven' });
    kept.add(prize._id);
  }
  const removed = existing.filter((row) => !kept.has(row._id));
  const won = removed.find((row) => row.prize_given > 0);
  if (won)
    throw new AppError('CAMPAIGN_PRIZE_WON', 409, {
      params: { prize: won.prize_name },
      fields: { campaign_prizes: 'campaignPrizeNotFound' },
    });
  if (removed.length > 0)
    await tx.delete(campaignPrizes).where(
      inArray(
        campaignPrizes._id,
        removed.map((row) => row._id),
      ),
    );
  for (const [position, prize] of prizes.entries()) {
    const values = {
      prize_name: prize.prize_name,
      prize_name_en: prize.prize_name_en,
      prize_stock: prize.prize_stock,
      prize_position: position,
    };
    if (prize._id !== undefined) {
      const row = byId.get(prize._id)!;
      if (
        row.prize_name !== values.prize_name ||
        row.prize_name_en !== values.prize_name_en ||
        row.prize_stock !== values.prize_stock ||
        row.prize_position !== position
      )
        await tx.update(campaignPrizes).set(values).where(eq(campaignPrizes._id, prize._id));
    } else
      await tx
        .insert(campaignPrizes)
        .values({ _id: newId(), location_id: locationId, campaign_id: campaignId, ...values });
  }
};

/** A campaign's prizes in position order, as answered. */
export const campaignPrizesOf = async (db: Database, campaignId: string): Promise<CampaignPrize[]> => {
  const rows = await db
    .select()
    .from(campaignPrizes)
    .where(eq(campaignPrizes.campaign_id, campaignId))
    .orderBy(asc(campaignPrizes.prize_position), asc(campaignPrizes._id));
  return rows.map((row) => ({
    _id: row._id,
    prize_name: row.prize_name,
    prize_name_en: row.prize_name_en,
    prize_stock: row.prize_stock,
    prize_given: row.prize_given,
  }));
};
