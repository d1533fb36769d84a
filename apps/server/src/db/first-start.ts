import { sql } from 'drizzle-orm';
import { createSystemAdmin, hasAdmins } from '../modules/admins/admins.service';
import { seedDemoAgreements } from '../modules/agreements/agreements.demo';
import { rebuildCampaignStats } from '../modules/campaigns/campaign-dashboard.service';
import { seedDemoCampaigns } from '../modules/campaigns/campaigns.demo';
import { seedDemoCouponPools } from '../modules/campaigns/coupons.demo';
import { seedDemoMechanics } from '../modules/campaigns/mechanics.demo';
import { seedDemoChannels } from '../modules/channels/channels.demo';
import { seedDemoCouponProviders } from '../modules/coupon-providers/coupon-providers.demo';
import { seedDemoCustomers } from '../modules/customers/customers.demo';
import { seedDemoFeedbacks } from '../modules/feedbacks/feedbacks.demo';
import { seedDemoLending } from '../modules/lending/lending.demo';
import { locationsDemo } from '../modules/locations/locations.demo';
import { allLocationIds, createLocation } from '../modules/locations/locations.service';
import { seedDemoGifts } from '../modules/loyalty/gifts.demo';
import { seedDemoLoyalty } from '../modules/loyalty/loyalty.demo';
import { seedDemoResetPoints } from '../modules/loyalty/reset-points.demo';
import { seedDemoMarketing } from '../modules/marketing/marketing.demo';
import { saveDueMonthlyReports } from '../modules/monthly-reports/monthly-reports.service';
import { seedDemoPointProviders } from '../modules/point-providers/point-providers.demo';
import { seedDemoQrCodes } from '../modules/qr-codes/qr-codes.demo';
import { seedDemoReceipts } from '../modules/receipts/receipts.demo';
import { seedDemoReminders } from '../modules/reminders/reminders.demo';
import { seedDemoReservations } from '../modules/reservations/reservations.demo';
import { seedDemoStores } from '../modules/stores/stores.demo';
import { seedDemoSurveys } from '../modules/surveys/surveys.demo';
import type { Config } from '../platform/config';
import type { Database } from '../platform/db/database';
import type { Files } from '../platform/files/files';
import { generatePassword } from '../platform/passwords';

/** Any number all instances agree on: two instances starting on one empty database seed it once. */
const FIRST_START_LOCK = 4_116_020_252;

export type FirstStart = { admin: { email: string; generatedPassword: string | undefined } } | undefined;

/**
 * On a database without any admin: the demo malls when DEMO_DATA is on, then the system admin role and
 * its first admin for every mall, from ADMIN_EMAIL and ADMIN_PASSWORD or with a generated password the
 * caller shows once. A database that has an admin is left alone, so this runs on every start. The
 * demo campaigns' banners are saved through `files` (the same store the app serves).
 */
export const prepareFirstStart = async (
  db: Database,
  config: Pick<Config, 'admin' | 'demoData'>,
  files: Pick<Files, 'save'>,
): Promise<FirstStart> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_START_LOCK})`);
    if (await hasAdmins(tx)) return undefined;
    if (config.demoData)
      for (const [index, mall] of locationsDemo.entries()) {
        const location = await createLocation(tx, mall);
        const { _id } = location;
        // Channels first: the demo customers registered through them.
        const channelIds = (await seedDemoChannels(tx, [_id])).get(_id);
        await seedDemoCustomers(tx, _id, index + 1, channelIds);
        const { activeStoreIds } = await seedDemoStores(tx, _id, index + 1);
        const providerIds = await seedDemoCouponProviders(tx, _id, activeStoreIds);
        await seedDemoPointProviders(tx, _id, index + 1);
        const campaignIds = await seedDemoCampaigns(tx, files, _id, {
          channelIds,
          storeIds: activeStoreIds,
          providerIds,
        });
        // The pools of the code-giving campaigns, some codes given to the demo customers, some used.
        await seedDemoCouponPools(tx, _id, campaignIds, { deskChannelId: channelIds?.[0] });
        // Tiers, and the points every other customer brought over from the mall's previous system.
        await seedDemoLoyalty(tx, _id);
        // A year of receipts from those customers, most approved with their points in the ledger.
        await seedDemoReceipts(tx, files, location);
        // Gifts with stock, and a few redemptions: new, sent and cancelled.
        await seedDemoGifts(tx, _id, index + 1);
        // A reset point done (with its entries) and one waiting to be queued.
        await seedDemoResetPoints(tx, _id);
        // Two open surveys and an ended one with a few hundred answers; the survey campaign offers one.
        await seedDemoSurveys(tx, _id, index + 1);
        // The survey campaign running with answers and codes, birthday codes, a step-goal campaign with steps.
        await seedDemoMechanics(tx, _id, index + 1);
        // Mobile pages, events and promotions, and push, SMS and email notifications in every state.
        await seedDemoMarketing(tx, files, _id);
        // Reservation areas with their hours, and reservations in every status around today.
        await seedDemoReservations(tx, _id, activeStoreIds);
        // Lendable items with lendings done, out now and waiting; feedback types and feedback in every status.
        await seedDemoLending(tx, files, _id);
        await seedDemoFeedbacks(tx, _id);
        // QR codes on the campaigns with a month of scans; membership terms in two versions, ETK and web KVKK texts.
        await seedDemoQrCodes(tx, _id, campaignIds);
        await seedDemoAgreements(tx, files, _id, location.location_name);
      }
    // The campaign dashboard's rollup of everything seeded above, so the demo campaigns show their picture.
    if (config.demoData) for (const id of await allLocationIds(tx)) await rebuildCampaignStats(tx, id);
    // The monthly reports of every finished month the demo data covers, as the job would have saved them.
    if (config.demoData)
      for (const id of await allLocationIds(tx)) await saveDueMonthlyReports(tx, { locationId: id });
    const generatedPassword = config.admin.password ? undefined : generatePassword();
    const adminId = await createSystemAdmin(tx, {
      email: config.admin.email,
      password: config.admin.password ?? generatedPassword!,
      locationIds: await allLocationIds(tx),
    });
    // Reminders are a user's own: the first admin's in each demo mall, due, waiting and done.
    if (config.demoData) for (const id of await allLocationIds(tx)) await seedDemoReminders(tx, id, adminId);
    return { admin: { email: config.admin.email, generatedPassword } };
  });

/** The one-time notice of a generated password, boxed so it stands out in the start-up log. */
export const generatedPasswordNotice = (email: string, password: string): string => {
  const lines = [
    'Avlu: the first system admin was created.',
    '',
    `  email:    ${email}`,
    `  password: ${password}`,
    '',
    'This password is shown only this once; keep it now.',
    'Set ADMIN_EMAIL and ADMIN_PASSWORD before the first start to choose them.',
  ];
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '═'.repeat(width + 2);
  return [`╔${rule}╗`, ...lines.map((line) => `║ ${line.padEnd(width)} ║`), `╚${rule}╝`].join('\n');
};
