import type { Language } from '@avlu/contracts';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../platform/db/database';
import { exportCustomers } from '../customers/customers.export';
import type { Mall } from '../customers/mall-date';
import { getChannel } from './channels.service';

/**
 * POST /data-types/channel/export/{id}: the customers who registered through the channel (deleted
 * accounts left out), as the customer export writes them (the same columns, so the file imports
 * back too), named after the channel.
 */
export const exportChannel = async (
  db: Database,
  mall: Mall,
  id: string,
  lang: Language,
  reply: FastifyReply,
) => {
  const channel = await getChannel(db, mall._id, id); // 404 before any byte of the file goes out
  const name = lang === 'en' ? channel.channel_name_en || channel.channel_name : channel.channel_name;
  return exportCustomers(db, mall, { filter: [{ field: 'channel', in: [id] }] }, lang, reply, `${name}.xlsx`);
};
