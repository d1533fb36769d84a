import { type Agreement, type AgreementInput, agreementInput, type ListResponse } from '@avlu/contracts';
import { and, count, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { alphabetical } from '../../platform/db/search';
import { violatedIndex } from '../../platform/db/unique-names';
import { AppError, invalidFields } from '../../platform/errors';
import { fileNameOfUrl } from '../../platform/files/file-names';
import type { Files } from '../../platform/files/files';
import type { Acting } from '../users/acting';
import { toAgreement } from './agreements.service';
import { agreements } from './agreements.tables';

/**
 * The back-office of the agreements (spec §7 "Admin and core": GET, POST /core/agreement, GET and
 * DELETE /core/agreement/{id}, PATCH /agreement/{id}). A text is never changed: a new text is a new
 * version, and a removed one stays for the consents that name it.
 */
export const agreementList = listSource({
  table: agreements,
  fields: getTableColumns(agreements),
  uniqueKey: agreements._id,
  search: [agreements.agreement_title, agreements.agreement_version],
  sortable: {
    agreement_title: alphabetical(agreements.agreement_title),
    agreement_type: agreements.agreement_type,
    createdAt: agreements.created_at,
  },
  defaultSort: { orderBy: 'createdAt', order: 'desc' },
});
type SortKey = keyof typeof agreementList.sortable;
type ListFilter = {
  agreement_type?: Agreement['agreement_type'] | undefined;
  agreement_target?: Agreement['agreement_target'] | undefined;
  agreement_in_use?: boolean | undefined;
};

/** The mall's agreements not removed. */
const kept = (locationId: string) =>
  and(eq(agreements.location_id, locationId), isNull(agreements.agreement_deleted_at));

export const listAgreements = async (
  db: Database,
  locationId: string,
  query: ListRequest<SortKey> & { filter: ListFilter },
): Promise<ListResponse<Agreement>> => {
  const { agreement_type, agreement_target, agreement_in_use } = query.filter;
  const page = await listPage(
    db,
    agreementList,
    query,
    and(
      kept(locationId),
      agreement_type ? eq(agreements.agreement_type, agreement_type) : undefined,
      agreement_target ? eq(agreements.agreement_target, agreement_target) : undefined,
      agreement_in_use === undefined ? undefined : eq(agreements.agreement_in_use, agreement_in_use),
    ),
  );
  return { ...page, data: page.data.map(toAgreement) };
};

const findAgreement = async (db: Database, locationId: string, id: string) => {
  const [row] = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements._id, id), kept(locationId)));
  return row;
};

export const getAgreement = async (db: Database, locationId: string, id: string) => {
  const row = await findAgreement(db, locationId, id);
  if (!row) throw new AppError('AGREEMENT_NOT_FOUND', 404);
  return toAgreement(row);
};

/**
 * One writer at a time per type and target in a mall: the version count and the switch of the text in
 * use are read and written under it, so concurrent writers queue instead of colliding. The partial
 * unique index `agreements_one_in_use` still holds if a write came another way.
 */
const lockKind = (tx: Database, locationId: string, type: string, target: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agreement:${locationId}:${type}:${target}`}))`);

/** Takes the text of this type and target in use out of use, but `except`. */
const retireInUse = (
  tx: Database,
  locationId: string,
  kind: Pick<Agreement, 'agreement_type' | 'agreement_target'>,
  except?: string,
) =>
  tx
    .update(agreements)
    .set({ agreement_in_use: false })
    .where(
      and(
        eq(agreements.location_id, locationId),
        eq(agreements.agreement_type, kind.agreement_type),
        eq(agreements.agreement_target, kind.agreement_target),
        eq(agreements.agreement_in_use, true),
        except ? ne(agreements._id, except) : undefined,
      ),
    );

const whenInUseRace = (error: unknown): never => {
  if (violatedIndex(error) === 'agreements_one_in_use') throw new AppError('AGREEMENT_IN_USE_RACE', 409);
  throw error;
};

/** A PDF text named by the form must be a PDF of our store (400 naming the field otherwise). */
const assertStoredPdf = async (
  db: Database,
  files: Pick<Files, 'find'>,
  field: string,
  url: string | null | undefined,
) => {
  if (!url) return;
  const name = fileNameOfUrl(url);
  const file = name ? await files.find(db, name) : undefined;
  if (!file?.name.endsWith('.pdf')) throw invalidFields({ [field]: 'agreementPdfMissing' });
};

/** The next version of a type and target in the mall: `kvkk-mobileapp-3`, counting removed ones too. */
const nextVersion = async (
  tx: Database,
  locationId: string,
  values: Pick<Agreement, 'agreement_type' | 'agreement_target'>,
) => {
  const [row] = await tx
    .select({ total: count() })
    .from(agreements)
    .where(
      and(
        eq(agreements.location_id, locationId),
        eq(agreements.agreement_type, values.agreement_type),
        eq(agreements.agreement_target, values.agreement_target),
      ),
    );
  let number = (row?.total ?? 0) + 1;
  // Versions seeded or brought over by hand may already use a number: take the next free one.
  for (;;) {
    const version = `${values.agreement_type}-${values.agreement_target}-${number}`.replaceAll('_', '-');
    const [taken] = await tx
      .select({ _id: agreements._id })
      .from(agreements)
      .where(and(eq(agreements.location_id, locationId), eq(agreements.agreement_version, version)));
    if (!taken) return version;
    number++;
  }
};

export const createAgreement = (
  db: Database,
  files: Pick<Files, 'find'>,
  locationId: string,
  input: AgreementInput,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const values = agreementInput.parse(input);
      await assertStoredPdf(tx, files, 'agreement_text_pdf_tr', values.agreement_text_pdf_tr);
      await assertStoredPdf(tx, files, 'agreement_text_pdf_en', values.agreement_text_pdf_en);
      await lockKind(tx, locationId, values.agreement_type, values.agreement_target);
      if (values.agreement_in_use) await retireInUse(tx, locationId, values);
      const [row] = await tx
        .insert(agreements)
        .values({
          ...values,
          agreement_text_pdf_tr: values.agreement_text_pdf_tr ?? null,
          agreement_text_pdf_en: values.agreement_text_pdf_en ?? null,
          location_id: locationId,
          agreement_version: await nextVersion(tx, locationId, values),
        })
        .returning();
      const created = toAgreement(row!);
      await audit(tx, actor, {
        action: 'agreement.created',
        entity: 'agreement',
        entityId: created._id,
        details: { agreement_version: created.agreement_version, agreement_in_use: created.agreement_in_use },
      });
      return created;
    })
    .catch(whenInUseRace);

/** PATCH /agreement/{id}: in use (taking the place of the text of its type and target) or not. */
export const setAgreementInUse = (
  db: Database,
  locationId: string,
  id: string,
  inUse: boolean,
  actor: Acting,
) =>
  db
    .transaction(async (tx) => {
      const existing = await findAgreement(tx, locationId, id);
      if (!existing) throw new AppError('AGREEMENT_NOT_FOUND', 404);
      await lockKind(tx, locationId, existing.agreement_type, existing.agreement_target);
      if (inUse) await retireInUse(tx, locationId, existing, id);
      const [row] = await tx
        .update(agreements)
        .set({ agreement_in_use: inUse })
        .where(eq(agreements._id, id))
        .returning();
      await audit(tx, actor, {
        action: 'agreement.in_use_changed',
        entity: 'agreement',
        entityId: id,
        details: { agreement_in_use: inUse },
      });
      return toAgreement(row!);
    })
    .catch(whenInUseRace);

/** DELETE /core/agreement/{id}: out of the list and out of use, kept for the consents naming its version. */
export const removeAgreement = (db: Database, locationId: string, id: string, actor: Acting) =>
  db.transaction(async (tx) => {
    if (!(await findAgreement(tx, locationId, id))) throw new AppError('AGREEMENT_NOT_FOUND', 404);
    await tx
      .update(agreements)
      .set({ agreement_in_use: false, agreement_deleted_at: new Date() })
      .where(eq(agreements._id, id));
    await audit(tx, actor, { action: 'agreement.removed', entity: 'agreement', entityId: id });
  });

/** A PDF, known by its bytes: the `%PDF-` header first, and an `%%EOF` marker near the end. */
export const isPdf = (data: Buffer) =>
  data.subarray(0, 5).toString('latin1') === '%PDF-' &&
  data
    .subarray(Math.max(0, data.length - 1024))
    .toString('latin1')
    .includes('%%EOF');

/** POST /core/agreement/pdf: the uploaded PDF text, kept public (the micro-site links to it). */
export const saveAgreementPdf = async (db: Database, files: Files, data: Buffer, owner: string) => {
  if (!isPdf(data)) throw invalidFields({ file: 'agreementPdfNotPdf' });
  const file = await files.save(db, data, { extension: 'pdf', visibility: 'public', owner });
  return { url: `/api/files/${file.name}` };
};
