import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { createSenders, type Senders } from './dispatch.senders';
import { type Kick, startDueNotifications } from './dispatch.service';
import { createDispatcher, type DispatchOptions } from './dispatch.worker';
import { notifications } from './marketing.tables';
import { fetchDeliveryReports } from './reports.service';

declare module '../../platform/jobs' {
  interface JobQueues {
    /** Send one notification's messages (dispatch.worker.ts); several at once share its batches. */
    'marketing.dispatch': { notificationId: string };
    /** Every minute: scheduled notifications whose moment came, and sends to resume. */
    'marketing.due': Record<string, never>;
    /** Every 5 minutes: SMS delivery reports (§9: within 15 minutes of sending, then hourly for 3 days). */
    'marketing.delivery-reports': Record<string, never>;
  }
}

/** The kick of a send: a `marketing.dispatch` job, one waiting per notification. */
export const queueKick =
  (jobs: Jobs): Kick =>
  async (notificationId) => {
    await jobs.send('marketing.dispatch', { notificationId }, { singletonKey: notificationId });
  };

/**
 * The marketing jobs of a process (main.ts). A notification in progress whose worker died (a restart,
 * a killed process) is kicked again by the minute job, and its worker records the batch that was in
 * flight as in doubt once the lease has passed (dispatch.worker.ts).
 */
export const scheduleMarketingDispatch = async (
  jobs: Jobs,
  db: Database,
  config: Config,
  logger: Logger,
  options: DispatchOptions & { senders?: Senders } = {},
) => {
  const senders = options.senders ?? createSenders(config, logger);
  const kick = queueKick(jobs);
  const dispatcher = createDispatcher({
    db,
    config,
    senders,
    logger,
    options: {
      ...options,
      later: async (notificationId, at) => {
        await jobs.send('marketing.dispatch', { notificationId }, { startAfter: at });
      },
    },
  });
  await jobs.work('marketing.dispatch', async ({ data }) => {
    const state = await dispatcher.run(data.notificationId);
    logger.info({ notificationId: data.notificationId, state }, 'marketing dispatch ran');
  });
  await jobs.work('marketing.due', async () => {
    await startDueNotifications(db, senders, kick);
    const running = await db
      .select({ _id: notifications._id })
      .from(notifications)
      .where(
        and(
          eq(notifications.notification_state, 'send_in_progress'),
          sql`${notifications.notification_send_started_at} < now() - interval '1 minute'`,
        ),
      );
    for (const { _id } of running) await kick(_id);
  });
  await jobs.work('marketing.delivery-reports', async () => {
    await fetchDeliveryReports(db, senders, logger);
  });
  await jobs.schedule('marketing.due', '* * * * *', {});
  await jobs.schedule('marketing.delivery-reports', '*/5 * * * *', {});
  return { senders, dispatcher, kick };
};
