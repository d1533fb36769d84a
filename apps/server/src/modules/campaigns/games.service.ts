import { createHash, randomInt } from 'node:crypto';
import type {
  CampaignType,
  CustomerCoupon,
  GamePlayResult,
  GameRightsBalance,
  GameRightsGiveBody,
  MicroSiteGame,
  WheelSlice,
} from '@avlu/contracts';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { newId } from '../../platform/ids';
import { assertChannelOfMall } from '../channels/channels.service';
import { assertCustomerOfMall } from '../customers/customers.service';
import { type Mall, mallToday } from '../customers/mall-date';
import type { Acting } from '../users/acting';
import { runningAt } from './campaigns.service';
import { type CampaignRow, campaigns } from './campaigns.tables';
import { couponCodes } from './coupons.tables';
import {
  assertRunning,
  campaignOfMall,
  campaignRowState,
  grantCoupon,
  lockCampaignCustomer,
  participationRefusal,
  refused,
  toCustomerCoupon,
} from './giving.service';
import { campaignGamePlays, campaignGameRights, campaignPrizes } from './mechanics.tables';

/**
 * Games (issue 15 #2): wheel of fortune and scratch card.
 *
 * Rights are a ledger (`campaign_game_rights`): +n earned from a receipt (receipt-mechanics.ts),
 * +n given by staff with a reason (here, audited), −1 spent by a play (here, naming the play). The
 * balance is the sum.
 *
 * A play (`playGame`) is one transaction:
 * 1. the campaign is the mall's and a game (404, 409 `CAMPAIGN_NOT_A_GAME`);
 * 2. the customer's row is locked (`lockCampaignCustomer`), so one customer's plays follow each other;
 * 3. a key already played answers the stored play as it was: no second right, no second draw;
 * 4. the campaign is running, a right is left (409 `CAMPAIGN_NO_GAME_RIGHTS`), and the participation
 *    rule and daily limit allow another play. Plays are counted here, losses included, from
 *    `campaign_game_plays` on the mall's calendar day: `once` is one play ever, `once_a_day` one a
 *    day, `unlimited` with a daily limit that many a day. A refusal spends nothing;
 * 5. the draw, `crypto.randomInt(10000)`, wins when below the win rate × 100 and a prize has stock
 *    left (a game without prizes gives the campaign's code alone). The prize is chosen among those
 *    with stock, weighted by the stock left, by a second CSPRNG draw; its `prize_given` is raised by
 *    a guarded update (`prize_given < prize_stock`, a check constraint besides), so a prize never
 *    exceeds its stock however many play at once (a prize emptied meanwhile: the next is tried);
 * 6. a win gives a code through `grantCoupon` (participation key `play:<key>`; its rules, the
 *    budget and the pool apply) inside a savepoint: when it refuses (no code left, budget spent, a
 *    rule), the prize goes back and the play is recorded as a loss with its draw;
 * 7. the play row (draw, outcome, prize, code) and its −1 right are written.
 * The budget caps codes given (wins), as everywhere else; losses are not participations.
 */

export const gameTypes = ['wheel_of_fortune', 'scratch_card'] as const satisfies readonly CampaignType[];
type GameType = (typeof gameTypes)[number];
export const isGame = (type: CampaignType): type is GameType =>
  (gameTypes as readonly string[]).includes(type);

/** The CSPRNG draws of a play; tests may replace it. */
export type Draws = { randomInt: (max: number) => number };
const cryptoDraws: Draws = { randomInt: (max) => randomInt(max) };

const int = (value: unknown) => Number(value ?? 0);

/** The columns summing the rights ledger rows selected: earned (receipts), given (staff), spent (plays), left. */
const rightSums = () => ({
  earned: sql<number>`coalesce(sum(${campaignGameRights.game_right_delta}) filter (where ${campaignGameRights.game_right_source} = 'receipt'), 0)::int`,
  given: sql<number>`coalesce(sum(${campaignGameRights.game_right_delta}) filter (where ${campaignGameRights.game_right_source} = 'staff'), 0)::int`,
  spent: sql<number>`coalesce(-sum(${campaignGameRights.game_right_delta}) filter (where ${campaignGameRights.game_right_source} = 'play'), 0)::int`,
  left: sql<number>`coalesce(sum(${campaignGameRights.game_right_delta}), 0)::int`,
});

/** A customer's rows of a campaign's rights ledger, as a where-clause on `campaign_game_rights`. */
const ledgerRowsOf = (campaignId: string, customerId: string) =>
  and(eq(campaignGameRights.campaign_id, campaignId), eq(campaignGameRights.customer_id, customerId));

/** A customer's rights in one campaign: earned (receipts), given (staff), spent (plays), left. */
const rightsOf = async (db: Database, campaignId: string, customerId: string) => {
  const [row] = await db
    .select(rightSums())
    .from(campaignGameRights)
    .where(ledgerRowsOf(campaignId, customerId));
  return { earned: int(row?.earned), given: int(row?.given), spent: int(row?.spent), left: int(row?.left) };
};

/** The mall's calendar day of a play (its time zone), as SQL. */
const playDay = (mall: Mall) =>
  sql`(timezone(${mall.location_meta.timezone}, ${campaignGamePlays.created_at}))::date`;

/** A customer's plays of a campaign (losses too), as a where-clause on `campaign_game_plays`. */
const playsOf = (campaignId: string, customerId: string) =>
  and(eq(campaignGamePlays.campaign_id, campaignId), eq(campaignGamePlays.customer_id, customerId));

/** The columns counting the plays selected: all of them, and the wins. */
const playTally = () => ({
  plays: sql<number>`count(*)::int`,
  wins: sql<number>`(count(*) filter (where ${campaignGamePlays.game_play_outcome} = 'win'))::int`,
});

/** The columns counting the plays selected: ever, and on the mall's `today`. */
const playCounts = (mall: Mall, today: string) => ({
  ever: sql<number>`count(*)::int`,
  today: sql<number>`(count(*) filter (where ${playDay(mall)} = ${today}::date))::int`,
});

/**
 * Plays the participation rule and the daily limit still allow today, from the customer's plays
 * (losses too) ever and on the mall's today; null: no limit. Zero comes with the rule's refusal.
 */
const playsLeft = (
  campaign: CampaignRow,
  ever: number,
  onToday: number,
): { left: number | null; refusal?: AppError } => {
  const refusal = participationRefusal(campaign, ever, onToday);
  if (refusal) return { left: 0, refusal };
  const rule = campaign.campaign_participation;
  if (rule === 'once' || rule === 'once_a_day') return { left: 1 };
  const limit = campaign.campaign_daily_participation_limit;
  return { left: limit === null ? null : limit - onToday };
};

const playsLeftToday = async (
  db: Database,
  mall: Mall,
  campaign: CampaignRow,
  customerId: string,
  today: string,
) => {
  const [counts] = await db
    .select(playCounts(mall, today))
    .from(campaignGamePlays)
    .where(playsOf(campaign._id, customerId));
  return playsLeft(campaign, int(counts?.ever), int(counts?.today));
};

type PrizeRow = typeof campaignPrizes.$inferSelect;

const prizesOf = (db: Database, campaignId: string) =>
  db
    .select()
    .from(campaignPrizes)
    .where(eq(campaignPrizes.campaign_id, campaignId))
    .orderBy(asc(campaignPrizes.prize_position), asc(campaignPrizes._id));

/** At least this many slices on a wheel, so a single prize still looks like a wheel. */
const MIN_SLICES = 6;

/**
 * The wheel: each prize in position order followed by a "try again" slice (a game without prizes:
 * "win" and "try again"), repeated up to at least six slices.
 */
export const wheelSlicesOf = (prizes: readonly PrizeRow[]): WheelSlice[] => {
  const lose: WheelSlice = { slice_kind: 'lose', prize_id: null, prize_name: null, prize_name_en: null };
  const base: WheelSlice[] =
    prizes.length > 0
      ? prizes.flatMap((prize) => [
          {
            slice_kind: 'prize' as const,
            prize_id: prize._id,
            prize_name: prize.prize_name,
            prize_name_en: prize.prize_name_en,
          },
          lose,
        ])
      : [{ slice_kind: 'win', prize_id: null, prize_name: null, prize_name_en: null }, lose];
  const times = Math.max(1, Math.ceil(MIN_SLICES / base.length));
  return Array.from({ length: times }, () => base).flat();
};

/** Bytes fixed by a play's id: what the wheel and the card show of it, the same on every retry. */
const showSeed = (playId: string) => createHash('sha256').update(playId).digest();

type PlayRow = typeof campaignGamePlays.$inferSelect;

/** The wheel's slice of a play: one of its prize's slices (or a "win" one), else one of the "try again" slices. */
const wheelSliceOf = (slices: readonly WheelSlice[], play: PlayRow): number | null => {
  const seed = showSeed(play._id);
  const matching = slices
    .map((slice, index) => ({ slice, index }))
    .filter(({ slice }) =>
      play.game_play_outcome === 'lose'
        ? slice.slice_kind === 'lose'
        : play.prize_id
          ? slice.prize_id === play.prize_id
          : slice.slice_kind !== 'lose',
    );
  if (matching.length === 0) return null;
  return matching[seed[0]! % matching.length]!.index;
};

/**
 * The scratch card of a play: a win shows its prize's image in every area (the prize's position
 * picks among the campaign's images); a loss shows images that are never all the same (with a
 * single image, some areas stay empty).
 */
const scratchAreasOf = (campaign: CampaignRow, play: PlayRow, prize: PrizeRow | undefined) => {
  const count = campaign.campaign_scratch_area_count ?? 3;
  const images = campaign.campaign_scratch_images;
  if (play.game_play_outcome === 'win') {
    const image = images.length > 0 ? images[(prize?.prize_position ?? 0) % images.length]! : null;
    return Array.from({ length: count }, () => image);
  }
  const seed = showSeed(play._id);
  if (images.length === 0 || count === 1) return Array.from({ length: count }, () => null);
  if (images.length === 1) {
    const areas: (string | null)[] = Array.from({ length: count }, (_, index) =>
      seed[index % seed.length]! % 2 === 0 ? images[0]! : null,
    );
    if (!areas.includes(null)) areas[seed[31]! % count] = null;
    return areas;
  }
  const areas = Array.from(
    { length: count },
    (_, index) => images[seed[index % seed.length]! % images.length]!,
  );
  if (areas.every((area) => area === areas[0])) {
    const other = images.find((image) => image !== areas[0])!;
    areas[seed[31]! % count] = other;
  }
  return areas;
};

/** A stored play as answered, with the rights left now. */
const playResult = async (
  db: Database,
  campaign: CampaignRow,
  play: PlayRow,
  rightsLeft: number,
  prizes: readonly PrizeRow[],
  coupon?: CustomerCoupon,
): Promise<GamePlayResult> => {
  const prize = play.prize_id ? prizes.find((each) => each._id === play.prize_id) : undefined;
  let won = coupon ?? null;
  if (!won && play.coupon_code_id) {
    const [code] = await db.select().from(couponCodes).where(eq(couponCodes._id, play.coupon_code_id));
    won = code ? toCustomerCoupon(code, campaign) : null;
  }
  return {
    _id: play._id,
    game_play_key: play.game_play_key,
    game_play_outcome: play.game_play_outcome === 'win' ? 'win' : 'lose',
    prize_id: prize?._id ?? null,
    prize_name: prize?.prize_name ?? null,
    prize_name_en: prize?.prize_name_en ?? null,
    coupon: won,
    game_rights_left: rightsLeft,
    wheel_slice:
      campaign.campaign_type === 'wheel_of_fortune' ? wheelSliceOf(wheelSlicesOf(prizes), play) : null,
    scratch_areas: campaign.campaign_type === 'scratch_card' ? scratchAreasOf(campaign, play, prize) : null,
    played_at: play.created_at.toISOString(),
  };
};

/** The mall's game campaign, or 404 / 409 `CAMPAIGN_NOT_A_GAME`. */
const gameOfMall = async (db: Database, mallId: string, campaignId: string) => {
  const campaign = await campaignOfMall(db, mallId, campaignId);
  if (!isGame(campaign.campaign_type)) throw refused('CAMPAIGN_NOT_A_GAME');
  return campaign;
};

/**
 * Takes a prize for a win: among the prizes with stock, weighted by the stock left, by a CSPRNG
 * draw, raised by a guarded update; a prize emptied by another play meanwhile drops out and the draw
 * is made again. Undefined when none is left.
 */
const takePrize = async (
  tx: Database,
  prizes: readonly PrizeRow[],
  draws: Draws,
): Promise<PrizeRow | undefined> => {
  let candidates = prizes.filter((prize) => prize.prize_given < prize.prize_stock);
  while (candidates.length > 0) {
    const total = candidates.reduce((sum, prize) => sum + (prize.prize_stock - prize.prize_given), 0);
    let pick = draws.randomInt(total);
    const chosen = candidates.find((prize) => {
      pick -= prize.prize_stock - prize.prize_given;
      return pick < 0;
    })!;
    const [taken] = await tx
      .update(campaignPrizes)
      .set({ prize_given: sql`${campaignPrizes.prize_given} + 1` })
      .where(
        and(
          eq(campaignPrizes._id, chosen._id),
          sql`${campaignPrizes.prize_given} < ${campaignPrizes.prize_stock}`,
        ),
      )
      .returning();
    if (taken) return taken;
    candidates = candidates.filter((prize) => prize._id !== chosen._id);
  }
  return undefined;
};

export type Play = { campaignId: string; customerId: string; key: string };

/** `POST /ext/app/customers/campaigns/{id}/play`: one play, decided by the server (see above). */
export const playGame = (
  db: Database,
  mall: Mall,
  { campaignId, customerId, key }: Play,
  now = new Date(),
  draws: Draws = cryptoDraws,
): Promise<GamePlayResult> =>
  db.transaction(async (tx) => {
    const campaign = await gameOfMall(tx, mall._id, campaignId);
    const today = mallToday(mall, now);
    await lockCampaignCustomer(tx, mall, campaign, customerId, today);
    // One statement: the play of this key if any, the rights left, the plays ever and today.
    const [standing] = await tx
      .select({
        played: sql<string | null>`(select ${campaignGamePlays._id} from ${campaignGamePlays} where ${and(
          playsOf(campaign._id, customerId),
          eq(campaignGamePlays.game_play_key, key),
        )})`,
        rights: sql<number>`(select coalesce(sum(${campaignGameRights.game_right_delta}), 0)::int from ${campaignGameRights} where ${ledgerRowsOf(campaign._id, customerId)})`,
        ...playCounts(mall, today),
      })
      .from(campaignGamePlays)
      .where(playsOf(campaign._id, customerId));
    const rightsLeft = int(standing?.rights);
    const prizes = await prizesOf(tx, campaign._id);
    if (standing?.played) {
      const [played] = await tx
        .select()
        .from(campaignGamePlays)
        .where(eq(campaignGamePlays._id, standing.played));
      return playResult(tx, campaign, played!, rightsLeft, prizes);
    }

    assertRunning(campaign, now);
    if (rightsLeft <= 0) throw refused('CAMPAIGN_NO_GAME_RIGHTS');
    const { refusal } = playsLeft(campaign, int(standing?.ever), int(standing?.today));
    if (refusal) throw refusal;

    const draw = draws.randomInt(10_000);
    let won: { prizeId: string | null; coupon: CustomerCoupon } | undefined;
    if (draw < (campaign.campaign_win_rate ?? 0) * 100) {
      try {
        // A savepoint: a refused code gives the prize back and leaves the rest of the play.
        won = await tx.transaction(async (sp) => {
          const prize = prizes.length > 0 ? await takePrize(sp, prizes, draws) : undefined;
          if (prizes.length > 0 && !prize) return undefined;
          const coupon = await grantCoupon(sp, mall, campaign, customerId, {
            channelId: null,
            key: `play:${key}`,
            today,
            now,
          });
          return { prizeId: prize?._id ?? null, coupon };
        });
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 409)) throw error;
      }
    }
    const playId = newId();
    const play: PlayRow = {
      _id: playId,
      location_id: mall._id,
      campaign_id: campaign._id,
      customer_id: customerId,
      game_play_key: key,
      game_play_draw: draw,
      game_play_outcome: won ? 'win' : 'lose',
      prize_id: won?.prizeId ?? null,
      coupon_code_id: won?.coupon._id ?? null,
      created_at: now,
    };
    await tx.insert(campaignGamePlays).values(play);
    await tx.insert(campaignGameRights).values({
      _id: newId(),
      location_id: mall._id,
      campaign_id: campaign._id,
      customer_id: customerId,
      game_right_delta: -1,
      game_right_source: 'play',
      play_id: playId,
      created_at: now,
    });
    return playResult(tx, campaign, play, rightsLeft - 1, prizes, won?.coupon);
  });

/** `GET /ext/app/customers/campaigns/{id}/game`: what the game page shows before a play. */
export const microSiteGame = async (
  db: Database,
  mall: Mall,
  campaignId: string,
  customerId: string,
  now = new Date(),
): Promise<MicroSiteGame> => {
  const campaign = await gameOfMall(db, mall._id, campaignId);
  const [rights, prizes, today] = await Promise.all([
    rightsOf(db, campaign._id, customerId),
    prizesOf(db, campaign._id),
    playsLeftToday(db, mall, campaign, customerId, mallToday(mall, now)),
  ]);
  return {
    campaign_id: campaign._id,
    campaign_type: campaign.campaign_type as GameType,
    campaign_lottery_permit_no: campaign.campaign_lottery_permit_no,
    game_rights_left: rights.left,
    game_plays_left_today: today.left,
    wheel_slices: campaign.campaign_type === 'wheel_of_fortune' ? wheelSlicesOf(prizes) : [],
    scratch_area_count:
      campaign.campaign_type === 'scratch_card' ? campaign.campaign_scratch_area_count : null,
    scratch_images: campaign.campaign_type === 'scratch_card' ? campaign.campaign_scratch_images : [],
  };
};

/** The game campaigns running at `now` (published, started, not ended) of the mall, as SQL. */
const runningGames = (mallId: string, now: Date): SQL =>
  and(eq(campaigns.location_id, mallId), inArray(campaigns.campaign_type, [...gameTypes]), runningAt(now))!;

/** A customer's balance in a game campaign: the ledger's sums (`rightSums`) and the plays' tally (`playTally`). */
const toBalance = (
  campaign: CampaignRow,
  rights: { earned: number; given: number; spent: number; left: number } | undefined,
  tally: { plays: number; wins: number } | undefined,
): GameRightsBalance => ({
  campaign_id: campaign._id,
  campaign_name: campaign.campaign_name,
  campaign_name_en: campaign.campaign_name_en,
  campaign_type: campaign.campaign_type as GameType,
  campaign_end_date: campaign.campaign_end_date.toISOString(),
  game_rights_earned: int(rights?.earned),
  game_rights_given: int(rights?.given),
  game_rights_spent: int(rights?.spent),
  game_rights_left: int(rights?.left),
  game_plays: int(tally?.plays),
  game_wins: int(tally?.wins),
});

/**
 * `GET /customer/wof-rights/{customerId}?channelId` (spec §7): the customer's rights in each running
 * game campaign of the mall, soonest ending first: earned, given by staff, spent, left, with plays
 * and wins. With `channelId` (a desk), the campaigns given at that desk (listing it, or no desk).
 */
export const customerGameRights = async (
  db: Database,
  mallId: string,
  customerId: string,
  { channelId }: { channelId?: string | undefined } = {},
  now = new Date(),
): Promise<GameRightsBalance[]> => {
  await assertCustomerOfMall(db, mallId, customerId, { deleted: true });
  if (channelId) await assertChannelOfMall(db, mallId, channelId);
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      and(
        runningGames(mallId, now),
        channelId
          ? or(
              sql`cardinality(${campaigns.campaign_channel_ids}) = 0`,
              sql`${campaigns.campaign_channel_ids} @> array[${channelId}]::varchar[]`,
            )
          : undefined,
      ),
    )
    .orderBy(asc(campaigns.campaign_end_date), asc(campaigns._id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row._id);
  const [ledger, plays] = await Promise.all([
    db
      .select({ campaign_id: campaignGameRights.campaign_id, ...rightSums() })
      .from(campaignGameRights)
      .where(
        and(eq(campaignGameRights.customer_id, customerId), inArray(campaignGameRights.campaign_id, ids)),
      )
      .groupBy(campaignGameRights.campaign_id),
    db
      .select({ campaign_id: campaignGamePlays.campaign_id, ...playTally() })
      .from(campaignGamePlays)
      .where(and(eq(campaignGamePlays.customer_id, customerId), inArray(campaignGamePlays.campaign_id, ids)))
      .groupBy(campaignGamePlays.campaign_id),
  ]);
  const ledgerOf = new Map(ledger.map((row) => [row.campaign_id, row]));
  const tallyOf = new Map(plays.map((row) => [row.campaign_id, row]));
  return rows.map((row) => toBalance(row, ledgerOf.get(row._id), tallyOf.get(row._id)));
};

/**
 * `POST /customer/wof-rights/{customerId}`: staff give a customer rights to play a game campaign of
 * the mall that has not ended (published, started or not), with a reason; audited. Answers the
 * customer's balance in that campaign.
 */
export const giveGameRights = (
  db: Database,
  mallId: string,
  customerId: string,
  body: GameRightsGiveBody,
  actor: Acting,
  now = new Date(),
): Promise<GameRightsBalance> =>
  db.transaction(async (tx) => {
    const campaign = await gameOfMall(tx, mallId, body.campaign_id);
    const state = campaignRowState(campaign, now);
    if (state === 'ended') throw refused('CAMPAIGN_ENDED');
    if (state !== 'activated' && state !== 'published') throw refused('CAMPAIGN_NOT_ACTIVE');
    await assertCustomerOfMall(tx, mallId, customerId);
    await tx.insert(campaignGameRights).values({
      _id: newId(),
      location_id: mallId,
      campaign_id: campaign._id,
      customer_id: customerId,
      game_right_delta: body.game_right_count,
      game_right_source: 'staff',
      admin_id: actor.staff._id,
      game_right_reason: body.game_right_reason,
      created_at: now,
    });
    await audit(tx, actor, {
      action: 'game_rights.given',
      entity: 'campaign',
      entityId: campaign._id,
      details: {
        customer_id: customerId,
        game_right_count: body.game_right_count,
        game_right_reason: body.game_right_reason,
      },
    });
    const rights = await rightsOf(tx, campaign._id, customerId);
    const [tally] = await tx
      .select(playTally())
      .from(campaignGamePlays)
      .where(playsOf(campaign._id, customerId));
    return toBalance(campaign, rights, tally);
  });
