import { buildApp } from './app';
import { generatedPasswordNotice, prepareFirstStart } from './db/first-start';
import { scheduleBirthdayCoupons } from './modules/campaigns/birthday-coupons';
import { scheduleCampaignDashboardRollup } from './modules/campaigns/campaign-dashboard.job';
import { scheduleCampaignArchive } from './modules/campaigns/campaigns.archive';
import { scheduleCustomerRetention } from './modules/customers/retention';
import { scheduleDashboardFold } from './modules/dashboard/dashboard.job';
import { scheduleResetPoints } from './modules/loyalty/reset-points.job';
import { scheduleMaintenance } from './modules/maintenance/maintenance';
import { scheduleMarketingDispatch } from './modules/marketing/dispatch.job';
import { scheduleMonthlyReports } from './modules/monthly-reports/monthly-reports.job';
import { scheduleReminders } from './modules/reminders/reminders.job';
import { loadConfig } from './platform/config';
import { isDatabaseUnavailable } from './platform/db/connection-errors';
import { type DatabaseHandle, openDatabase } from './platform/db/database';
import { createFiles } from './platform/files/files';
import { type Jobs, startJobs } from './platform/jobs';
import { createLogger } from './platform/logger';

const config = loadConfig();
const logger = createLogger(config);

// pg-boss 10 does not wait for its own "job done" and "job failed" statements (manager.js `watch`),
// so when the database goes away just as a job ends, their rejection is nobody's and Node would end
// the process. The job stays active and pg-boss runs it again once it expires (every job here can
// run twice), so a lost database is only logged; any other unheard rejection still ends the process.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    logger.warn({ err: reason }, 'database connection lost under a background statement');
    return;
  }
  logger.fatal({ err: reason }, 'unhandled rejection');
  process.exit(1);
});

let database: DatabaseHandle | undefined;
let jobs: Jobs | undefined;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;

const stop = async () => {
  await app?.close();
  await jobs?.stop();
  await database?.close();
};

try {
  database = await openDatabase(config, logger);
  logger.info(
    database.engine === 'pglite' ? { engine: 'pglite', dataDir: config.dataDir } : { engine: 'postgres' },
    'database opened',
  );
  await database.migrate();
  // Made before the app, so that first start saves the demo campaigns' banners where the app serves them.
  const files = await createFiles(config, database.db);
  const firstStart = await prepareFirstStart(database.db, config, files);
  if (firstStart)
    logger.info({ email: firstStart.admin.email, demoData: config.demoData }, 'first system admin created');
  if (firstStart?.admin.generatedPassword) {
    process.stdout.write(
      `\n${generatedPasswordNotice(firstStart.admin.email, firstStart.admin.generatedPassword)}\n\n`,
    );
  }
  jobs = await startJobs({ queue: database.queue, logger });
  await scheduleCustomerRetention(jobs, database.db, config.customerRetentionDays, logger);
  await scheduleCampaignArchive(jobs, database.db, logger);
  await scheduleCampaignDashboardRollup(jobs, database.db, logger);
  await scheduleDashboardFold(jobs, database.db, logger);
  await scheduleBirthdayCoupons(jobs, database.db, logger);
  await scheduleResetPoints(jobs, database.db, logger);
  await scheduleMarketingDispatch(jobs, database.db, config, logger);
  await scheduleReminders(jobs, database.db, logger);
  await scheduleMonthlyReports(jobs, database.db, logger);
  app = await buildApp({ config, db: database.db, notices: database.notices, jobs, logger, files });
  await scheduleMaintenance(jobs, database.db, app.files.store, config, logger);
  if (config.production && app.sms.kind === 'outbox')
    logger.warn(
      'SMS_GATEWAY_URL is not set: SMS (micro-site sign-in codes) are kept in the outbox, not sent',
    );
  if (config.production && config.mail.smtp === undefined)
    logger.warn('SMTP_HOST is not set: mail (invitations, password resets) is kept in the outbox, not sent');
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  logger.fatal({ err: error }, 'start failed');
  await stop().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
const shutdown = async (signal: NodeJS.Signals) => {
  // A second Ctrl-C means the operator will not wait for the graceful path.
  if (stopping) process.exit(1);
  stopping = true;
  logger.info({ signal }, 'shutting down');
  try {
    await stop();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
