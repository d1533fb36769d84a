import type { Database } from '../../platform/db/database';
import { channelNameKeys } from './channels.service';
import { channels } from './channels.tables';

/**
 * A channel (desk) of the mall straight into the table, named `name` in both languages (its
 * description too), open; `values` set any other column. Its id.
 */
export const insertChannel = async (
  db: Database,
  mallId: string,
  name: string,
  values: Partial<typeof channels.$inferInsert> = {},
) => {
  const [row] = await db
    .insert(channels)
    .values({
      location_id: mallId,
      channel_name: name,
      channel_name_en: name,
      ...channelNameKeys({ channel_name: name, channel_name_en: name }),
      channel_exp: name,
      channel_exp_en: name,
      ...values,
    })
    .returning();
  return row!._id;
};
