import type { NotificationKind, NotificationState, SegmentFilter } from '@avlu/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { segmentFactsOf } from '../customers/customers.service';
import { customerFacts } from '../customers/customers.tables';
import { type Mall, mallToday } from '../customers/mall-date';
import { factColumns, segmentWhere } from '../customers/segment-sql';
import { emailOptOuts, externalMailAddresses } from './marketing-directory.tables';

/** Who a notification goes to, as stored: the segment, explicit ids, or an external list (email). */
export type Audience = {
  kind: NotificationKind;
  isCommercial: boolean;
  filters: SegmentFilter | null;
  customerIds: readonly string[];
  externalListId?: string | null;
};

/**
 * The consent rules of each channel, one table read by the audience's SQL here (the potential, the
 * messages written) and by the worker's check of each batch (dispatch.worker.ts): what reaches a
 * customer (SMS: the phone every live customer has; email: an address; push: a device token), the
 * consent a commercial message needs (İYS; push has none of its own but the app's, which is the
 * device token itself), and whether an address that unsubscribed is left out whatever the purpose.
 */
export const channelRules = {
  sms: { address: 'phone', consent: 'sms', optOut: false },
  email: { address: 'email', consent: 'email', optOut: true },
  push: { address: 'device', consent: null, optOut: false },
} as const satisfies Record<
  NotificationKind,
  { address: 'phone' | 'email' | 'device'; consent: 'sms' | 'email' | null; optOut: boolean }
>;

/** The rules' columns in customer_facts (kept by triggers); every live customer has a phone. */
const reachFacts = {
  phone: undefined,
  email: customerFacts.customer_has_email,
  device: customerFacts.customer_has_push_token,
};
const consentFacts = {
  sms: customerFacts.customer_sms_permission,
  email: customerFacts.customer_email_permission,
};

const reachableBy = (audience: Audience): SQL | undefined => {
  const rule = channelRules[audience.kind];
  const reach = reachFacts[rule.address];
  return and(
    reach ? eq(reach, true) : undefined,
    audience.isCommercial && rule.consent ? eq(consentFacts[rule.consent], true) : undefined,
  );
};

/** The customers of an audience that would get it now, as a condition on `customer_facts` of the mall. */
export const audienceCondition = (audience: Audience, today: string) =>
  and(
    segmentWhere(audience.filters ?? undefined, { today, columns: factColumns }),
    audience.customerIds.length > 0
      ? sql`${customerFacts.customer_id} = any(${sql.param([...audience.customerIds])}::varchar[])`
      : undefined,
    reachableBy(audience),
  );

/** The states in which the potential is counted now; later the recipients written by dispatch are the answer. */
export const countsLive = (state: NotificationState) =>
  state === 'created' || state === 'scheduled' || state === 'waiting_for_approval';

/**
 * `_potential` of several notifications of one mall in one query: the mall's live customers
 * (customer_facts, a narrow copy that holds no deleted customer) read once, one `count(*) filter`
 * per audience. An external list's potential is its addresses that have not opted out.
 */
export const potentials = async (
  db: Database,
  mall: Mall,
  audiences: readonly Audience[],
): Promise<number[]> => {
  const answers = new Array<number>(audiences.length).fill(0);
  const today = mallToday(mall);
  const customerAudiences = audiences
    .map((audience, index) => ({ audience, index }))
    .filter(({ audience }) => !audience.externalListId);
  if (customerAudiences.length > 0) {
    const columns = customerAudiences.map(
      ({ audience }, at) =>
        sql`(count(*) filter (where ${audienceCondition(audience, today) ?? sql`true`}))::int as ${sql.identifier(`p${at}`)}`,
    );
    const mallNo = segmentFactsOf(mall._id, undefined, today);
    // Explicit ids alone read by the primary key; anything else reads the mall's customers once.
    const onlyIds = customerAudiences.every(({ audience }) => audience.customerIds.length > 0);
    const idsOf = [...new Set(customerAudiences.flatMap(({ audience }) => audience.customerIds))];
    const result = await db.execute<Record<string, number>>(
      sql`select ${sql.join(columns, sql`, `)} from ${customerFacts} where ${and(
        mallNo,
        onlyIds ? sql`${customerFacts.customer_id} = any(${sql.param(idsOf)}::varchar[])` : undefined,
      )}`,
    );
    const row = (result as unknown as { rows: Record<string, number | string>[] }).rows[0] ?? {};
    customerAudiences.forEach(({ index }, at) => {
      answers[index] = Number(row[`p${at}`] ?? 0);
    });
  }
  for (const [index, audience] of audiences.entries())
    if (audience.externalListId) answers[index] = await externalListPotential(db, mall._id, audience);
  return answers;
};

const externalListPotential = async (db: Database, locationId: string, audience: Audience) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(externalMailAddresses)
    .where(
      and(
        eq(externalMailAddresses.external_mail_list_id, audience.externalListId!),
        // An address that unsubscribed is never mailed again, commercial or not (issue 16 #7).
        sql`not exists (select 1 from ${emailOptOuts} where ${emailOptOuts.location_id} = ${locationId} and ${emailOptOuts.opt_out_email} = ${externalMailAddresses.address_email})`,
      ),
    );
  return row?.count ?? 0;
};
