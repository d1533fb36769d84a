import { displayCouponCode, type Language } from '@avlu/contracts';
import { and, desc, eq, exists } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { SmsConfig } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError, notFound } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import { campaigns } from '../campaigns/campaigns.tables';
import { couponCodes } from '../campaigns/coupons.tables';
import { campaignParticipations } from '../campaigns/participations.tables';
import { activeIn } from '../customers/customers.service';
import { customers } from '../customers/customers.tables';
import { spendStaffSmsBudget, type WarnLog } from '../micro-site/sms-codes.service';
import type { Acting } from '../users/acting';
import type { ReceiptMall } from './receipts.service';
import { receipts } from './receipts.tables';

export type CouponSmsDeps = { sms: SmsSender; config: SmsConfig; log: WarnLog };

type HeldCampaign = { campaign_name: string; campaign_name_en: string | null };

/** The coupon code SMS, in the customer's language, naming the campaign and the code. */
export const couponCodeSms = (
  language: Language,
  values: { mall: string; campaign: HeldCampaign; code: string },
) => {
  const code = displayCouponCode(values.code);
  return language === 'en'
    ? `${values.mall}: your coupon code for “${values.campaign.campaign_name_en || values.campaign.campaign_name}” is ${code}.`
    : `${values.mall}: “${values.campaign.campaign_name}” kampanyası kupon kodunuz: ${code}.`;
};

/**
 * The campaign of a code the customer holds in the mall: a pool code given to them, or the shared
 * code of a regular code campaign they joined. Anything else (another customer's, another mall's, an
 * unknown code) is not told apart: undefined.
 */
const heldCampaign = async (
  db: Database,
  mallId: string,
  customerId: string,
  code: string,
): Promise<HeldCampaign | undefined> => {
  const names = { campaign_name: campaigns.campaign_name, campaign_name_en: campaigns.campaign_name_en };
  const [pooled] = await db
    .select(names)
    .from(couponCodes)
    .innerJoin(campaigns, eq(campaigns._id, couponCodes.campaign_id))
    .where(
      and(
        eq(couponCodes.location_id, mallId),
        eq(couponCodes.coupon_code, code),
        eq(couponCodes.customer_id, customerId),
      ),
    );
  if (pooled) return pooled;
  const [shared] = await db
    .select(names)
    .from(campaigns)
    .where(
      and(
        eq(campaigns.location_id, mallId),
        eq(campaigns.campaign_type, 'regular_code'),
        eq(campaigns.campaign_regular_code, code),
        exists(
          db
            .select({ one: campaignParticipations._id })
            .from(campaignParticipations)
            .where(
              and(
                eq(campaignParticipations.campaign_id, campaigns._id),
                eq(campaignParticipations.customer_id, customerId),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  return shared;
};

/**
 * The customer's language as far as the mall knows it: the language of their latest receipt upload on
 * the micro-site, else Turkish (the desk and the customer record keep none).
 */
const customerLanguage = async (db: Database, mallId: string, customerId: string): Promise<Language> => {
  const [latest] = await db
    .select({ language: receipts.receipt_language })
    .from(receipts)
    .where(
      and(
        eq(receipts.location_id, mallId),
        eq(receipts.customer_id, customerId),
        eq(receipts.receipt_source, 'micro_site'),
      ),
    )
    .orderBy(desc(receipts.created_at), desc(receipts._id))
    .limit(1);
  return latest?.language === 'en' ? 'en' : 'tr';
};

/**
 * `GET /shopping-receipts/sms?customerId&couponCode`: after a receipt gave a customer a code, the desk
 * sends it to the customer's phone. The customer must be a live customer of the mall and hold the code
 * there, else 404 (nothing of another mall is told). One SMS goes out through the SMS platform, counted
 * against the mall's and the server's hourly SMS budgets (`spendSmsBudget`; the customer is registered,
 * so the reserve is open) and refused as they refuse (429 SMS_BUDGET_EXCEEDED); a driver that cannot
 * hand it over answers SMS_NOT_SENT (503). A sent SMS is audited, without the code.
 */
export const sendCouponCodeSms = async (
  db: Database,
  deps: CouponSmsDeps,
  mall: ReceiptMall,
  query: { customerId: string; couponCode: string },
  actor: Acting,
) => {
  const [customer] = await db
    .select({ phone: customers.customer_phone })
    .from(customers)
    .where(and(eq(customers._id, query.customerId), activeIn(mall._id)));
  if (!customer) throw notFound();
  const campaign = await heldCampaign(db, mall._id, query.customerId, query.couponCode);
  if (!campaign) throw notFound();
  const language = await customerLanguage(db, mall._id, query.customerId);
  await db.transaction((tx) => spendStaffSmsBudget(tx, { config: deps.config, log: deps.log }, mall._id));
  try {
    await deps.sms.send({
      to: customer.phone,
      text: couponCodeSms(language, { mall: mall.location_name, campaign, code: query.couponCode }),
    });
  } catch (error) {
    throw error instanceof AppError ? error : new AppError('SMS_NOT_SENT', 503, { retryAfterSeconds: 60 });
  }
  await audit(db, actor, {
    action: 'receipt.coupon_sms_sent',
    entity: 'customer',
    entityId: query.customerId,
    details: { campaign_name: campaign.campaign_name },
  });
  return { sent: true as const };
};
