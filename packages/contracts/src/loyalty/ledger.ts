import { z } from 'zod';
import { objectId } from '../common/ids';
import { pagination } from '../common/list-query';
import { requiredText } from '../common/text';

/**
 * Issue 14 "Points ledger": every change of a customer's points is an entry; the balance is their sum.
 * - earn: a receipt approved (its points, tier and campaign multipliers applied);
 * - burn: a gift redeemed; refund: a cancelled redemption's points given back;
 * - reset: a reset point run, the whole balance; expire: points that lapsed;
 * - adjust: a staff correction, with its reason.
 */
export const pointEntryKinds = ['earn', 'burn', 'refund', 'reset', 'expire', 'adjust'] as const;
export const pointEntryKind = z.enum(pointEntryKinds);
export type PointEntryKind = z.infer<typeof pointEntryKind>;

/** What caused an entry: the receipt, the gift redemption, the reset point run, or a staff adjustment. */
export const pointEntryCauses = ['receipt', 'gift_redemption', 'reset_point', 'adjustment'] as const;
export type PointEntryCause = (typeof pointEntryCauses)[number];

/**
 * Who made an entry: a staff user (receipt approval, desk redemption, adjustment, cancel; named by
 * `point_entry_admin_name` while the user exists), the customer themselves (a claim on the
 * micro-site), or the system (a reset point run, points carried over from a previous system).
 */
export const pointEntryActors = ['staff', 'customer', 'system'] as const;
export type PointEntryActor = (typeof pointEntryActors)[number];

/** One adjustment moves at most this many points either way (a typo of a few zeros is refused). */
export const POINT_ADJUSTMENT_MAX = 1_000_000;
export const POINT_ENTRY_NOTE_MAX = 200;

/**
 * A new `Idempotency-Key` for one intended change, made once when the change is begun (a dialog's
 * opening): 128 random bits. getRandomValues, because randomUUID exists only in secure contexts and a
 * mall's back-office or micro-site may be reached over plain HTTP on the local network.
 */
type WebCrypto = { getRandomValues: (array: Uint8Array) => Uint8Array };
export const newIdempotencyKey = (prefix: string) => {
  const { crypto } = globalThis as unknown as { crypto: WebCrypto };
  const bytes = Array.from(crypto.getRandomValues(new Uint8Array(16)));
  return `${prefix}-${bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
};

/** The client's key for one intended change (`Idempotency-Key` header): a retry with it counts once. */
export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, { message: 'validation.idempotencyKey' });

export const pointEntry = z.object({
  _id: objectId,
  point_entry_kind: pointEntryKind,
  point_entry_amount: z.number().int(),
  point_entry_balance_after: z.number().int(),
  point_entry_cause: z.enum(pointEntryCauses),
  point_entry_cause_id: objectId.nullable(),
  point_entry_note: z.string().nullable(),
  point_entry_actor: z.enum(pointEntryActors),
  /** The staff user who made it; null when the customer or the system did, or the user was deleted. */
  point_entry_admin_name: z.string().nullable(),
  createdAt: z.string(),
});
export type PointEntry = z.infer<typeof pointEntry>;

/** A customer's points: what they may spend, what counts toward their tier, and the tier. */
export const pointBalance = z.object({
  customer_id: objectId,
  point_balance: z.number().int(),
  point_tier_points: z.number().int(),
  point_earned_total: z.number().int(),
  loyalty_tier_id: objectId.nullable(),
  loyalty_tier_title: z.string().nullable(),
  loyalty_tier_title_en: z.string().nullable(),
});
export type PointBalance = z.infer<typeof pointBalance>;

/** `GET /loyalty-customer/points/{customerId}?limit&currentPage`: the balance and a page of the history, newest first. */
export const pointHistoryQuery = z.strictObject({
  limit: pagination.shape.limit,
  currentPage: pagination.shape.currentPage,
});
export const pointHistory = z.object({
  balance: pointBalance,
  data: z.array(pointEntry),
  total: z.number().int(),
});
export type PointHistory = z.infer<typeof pointHistory>;

/** `POST /loyalty-customer/adjust-points`: a staff correction, up or down, with its reason. */
export const pointAdjustmentInput = z.strictObject({
  customer_id: objectId,
  point_entry_amount: z
    .number()
    .int()
    .min(-POINT_ADJUSTMENT_MAX)
    .max(POINT_ADJUSTMENT_MAX)
    .refine((value) => value !== 0, { message: 'validation.pointAdjustmentZero' }),
  point_entry_note: requiredText(POINT_ENTRY_NOTE_MAX),
});
export type PointAdjustmentInput = z.input<typeof pointAdjustmentInput>;
