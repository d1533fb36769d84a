import { index, pgTable } from 'drizzle-orm/pg-core';
import { moment, refColumn } from '../../platform/db/columns';
import { admins } from '../admins/admins.tables';
import { couponCodes } from './coupons.tables';

/**
 * Code validation at the store (issue 13 point 8): a successful lookup holds the code for the staff
 * user who made it until `expires_at` (contracts' `CODE_VALIDATION_RULES.holdSeconds`), so a second
 * till cannot start on it. One row per code at most: a lookup takes the row with one upsert that
 * only overwrites a hold of the same user or an expired one (code-validation.service.ts), so two
 * tills looking up at once get one hold. Redemption and release delete the row; an expired row is
 * simply overwritten by the next lookup. Its own table rather than columns of `coupon_codes`, so a
 * million-code pool carries no hold columns and a hold never rewrites a code's row (or its indexes).
 */
export const couponCodeHolds = pgTable(
  'coupon_code_holds',
  {
    coupon_code_id: refColumn('coupon_code_id')
      .primaryKey()
      .references(() => couponCodes._id, { onDelete: 'cascade' }),
    admin_id: refColumn('admin_id')
      .notNull()
      .references(() => admins._id, { onDelete: 'cascade' }),
    held_at: moment('held_at').notNull(),
    expires_at: moment('expires_at').notNull(),
  },
  (table) => [index('coupon_code_holds_admin').on(table.admin_id)],
);

export type CouponCodeHoldRow = typeof couponCodeHolds.$inferSelect;
