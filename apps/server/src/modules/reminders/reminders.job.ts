import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import type { Jobs } from '../../platform/jobs';
import { makeRemindersDue } from './reminders.service';

declare module '../../platform/jobs' {
  interface JobQueues {
    'reminders.due': Record<string, never>;
  }
}

/**
 * Every minute one instance makes due the reminders whose moment has come (issue 17 #8), so they show
 * in their users' top bars. A run after downtime catches up with everything missed; running twice
 * changes nothing.
 */
export const scheduleReminders = async (jobs: Jobs, db: Database, logger: Logger) => {
  await jobs.work('reminders.due', async () => {
    const count = await makeRemindersDue(db);
    if (count > 0) logger.info({ count }, 'reminders due');
  });
  await jobs.schedule('reminders.due', '* * * * *', {});
};
