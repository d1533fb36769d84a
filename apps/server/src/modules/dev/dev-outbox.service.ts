import type { OutboxMessage } from '@avlu/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';

export type OutboxFilter = {
  /** E.164; only the messages to this phone. */
  to?: string | undefined;
  limit: number;
};

/** The SMS the development outbox driver stored, newest first. */
export const listSmsOutbox = async (db: Database, filter: OutboxFilter): Promise<OutboxMessage[]> => {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(filter.to === undefined ? undefined : eq(smsOutbox.to, filter.to))
    // Ids begin with their creation time: they order messages stored within the same instant.
    .orderBy(desc(smsOutbox.created_at), desc(smsOutbox._id))
    .limit(filter.limit);
  return rows.map((row) => ({
    _id: row._id,
    to: row.to,
    text: row.text,
    createdAt: row.created_at.toISOString(),
  }));
};
