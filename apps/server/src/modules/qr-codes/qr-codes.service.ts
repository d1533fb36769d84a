import {
  type ListResponse,
  type QrCode,
  type QrCodeInput,
  qrCodeInput,
  redirectPagePath,
} from '@avlu/contracts';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listOrder, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { invalidFields, notFound } from '../../platform/errors';
import { campaigns } from '../campaigns/campaigns.tables';
import type { Acting } from '../users/acting';
import { type QrCodeRow, qrCodes } from './qr-codes.tables';

// Written out: inside the subquery drizzle would leave qr_codes' columns unqualified.
const campaignName = sql<string>`(select c.campaign_name from campaigns c where c._id = qr_codes.qr_code_campaign_id)`;

export const qrCodeList = listSource({
  table: qrCodes,
  fields: { ...getTableColumns(qrCodes), qr_code_campaign_name: campaignName },
  uniqueKey: qrCodes._id,
  search: [qrCodes.qr_code_title, campaignName],
  sortable: {
    qr_code_title: alphabetical(qrCodes.qr_code_title),
    qr_code_scan_count: qrCodes.qr_code_scan_count,
    createdAt: qrCodes.created_at,
  },
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});
type SortKey = keyof typeof qrCodeList.sortable;
type Row = QrCodeRow & { qr_code_campaign_name: string };

const inMall = (locationId: string) => eq(qrCodes.location_id, locationId);

/** `publicUrl`: the app's address, which an automatic code's redirect page address starts with. */
const toQrCode =
  (publicUrl: string) =>
  ({ location_id, created_at, updated_at, ...row }: Row): QrCode => ({
    ...row,
    qr_code_value:
      row.qr_code_generation === 'manual' && row.qr_code_content
        ? row.qr_code_content
        : `${publicUrl}${redirectPagePath(row._id, location_id)}`,
    createdAt: created_at.toISOString(),
    updatedAt: updated_at.toISOString(),
  });

const rows = (db: Database, where: SQL | undefined) =>
  db
    .select(qrCodeList.fields)
    .from(qrCodes)
    .where(where)
    .orderBy(...listOrder(qrCodeList, {}));

/** GET /qrcode: every code with showAll, else one page; each with its scans. */
export const listQrCodes = async (
  db: Database,
  publicUrl: string,
  locationId: string,
  query: ListRequest<SortKey> & { filter: { showAll?: boolean | undefined } },
): Promise<QrCode[] | ListResponse<QrCode>> => {
  if (query.filter.showAll) return (await rows(db, inMall(locationId))).map(toQrCode(publicUrl));
  const page = await listPage(db, qrCodeList, query, inMall(locationId));
  return { ...page, data: page.data.map(toQrCode(publicUrl)) };
};

const findQrCode = async (db: Database, locationId: string, id: string) =>
  (await rows(db, and(eq(qrCodes._id, id), inMall(locationId))))[0];

export const getQrCode = async (db: Database, publicUrl: string, locationId: string, id: string) => {
  const row = await findQrCode(db, locationId, id);
  if (!row) throw notFound();
  return toQrCode(publicUrl)(row);
};

/** The values to store: the campaign must be one of the mall's (400 naming the field otherwise). */
const qrCodeColumns = async (db: Database, locationId: string, input: QrCodeInput) => {
  const values = qrCodeInput.parse(input);
  const [campaign] = await db
    .select({ _id: campaigns._id })
    .from(campaigns)
    .where(and(eq(campaigns._id, values.qr_code_campaign_id), eq(campaigns.location_id, locationId)));
  if (!campaign) throw invalidFields({ qr_code_campaign_id: 'qrCodeCampaignNotFound' });
  return {
    ...values,
    qr_code_content: values.qr_code_generation === 'manual' ? (values.qr_code_content ?? null) : null,
  };
};

const auditQrCode = (db: Database, actor: Acting, action: string, code: QrCode) =>
  audit(db, actor, {
    action,
    entity: 'qr_code',
    entityId: code._id,
    details: { qr_code_title: code.qr_code_title, qr_code_campaign_id: code.qr_code_campaign_id },
  });

export const createQrCode = (
  db: Database,
  publicUrl: string,
  locationId: string,
  input: QrCodeInput,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const columns = await qrCodeColumns(tx, locationId, input);
    const [row] = await tx
      .insert(qrCodes)
      .values({ ...columns, location_id: locationId })
      .returning({ _id: qrCodes._id });
    const created = await getQrCode(tx, publicUrl, locationId, row!._id);
    await auditQrCode(tx, actor, 'qr_code.created', created);
    return created;
  });

export const updateQrCode = (
  db: Database,
  publicUrl: string,
  locationId: string,
  id: string,
  input: QrCodeInput,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    if (!(await findQrCode(tx, locationId, id))) throw notFound();
    const columns = await qrCodeColumns(tx, locationId, input);
    await tx.update(qrCodes).set(columns).where(eq(qrCodes._id, id));
    const updated = await getQrCode(tx, publicUrl, locationId, id);
    await auditQrCode(tx, actor, 'qr_code.updated', updated);
    return updated;
  });

/** DELETE /qrcode/{id}: the code and its scans. */
export const deleteQrCode = (
  db: Database,
  publicUrl: string,
  locationId: string,
  id: string,
  actor: Acting,
) =>
  db.transaction(async (tx) => {
    const code = await getQrCode(tx, publicUrl, locationId, id);
    await tx.delete(qrCodes).where(eq(qrCodes._id, id));
    await auditQrCode(tx, actor, 'qr_code.deleted', code);
  });
