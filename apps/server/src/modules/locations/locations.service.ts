import {
  type ListResponse,
  type Location,
  type LocationSettings,
  type LocationSettingsInput,
  locationSettingsInput,
} from '@avlu/contracts';
import { eq, getTableColumns } from 'drizzle-orm';
import { type AuditRequest, audit } from '../../platform/audit';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { noticeCache } from '../../platform/db/notice-cache';
import type { Notices } from '../../platform/db/notices';
import { assertNamesFree, nameKey, rethrowNameTaken } from '../../platform/db/unique-names';
import { notFound } from '../../platform/errors';
import { assertStoredImage, type Files } from '../../platform/files/files';
import { newSecretToken } from '../../platform/secret-tokens';
import { seedKvkkAgreement } from '../agreements/agreements.service';
import { type LocationRow, locations } from './locations.tables';

/** A locations row as the API's Location. */
export const toLocation = (row: LocationRow): Location => ({
  _id: row._id,
  location_name: row.location_name,
  location_meta: { timezone: row.timezone },
  location_logo: { thumbnail: row.logo_thumbnail },
  hasMobileApp: row.hasMobileApp,
});

export const locationList = listSource({
  table: locations,
  fields: getTableColumns(locations),
  uniqueKey: locations._id,
  search: [locations.location_name],
  sortable: { location_name: locations.location_name, createdAt: locations.created_at },
  defaultSort: { orderBy: 'location_name', order: 'asc' },
});

export type LocationSortKey = keyof typeof locationList.sortable;

/** A mall with what only the system admin manages: app links and the micro-site token. */
const toLocationSettings = (row: LocationRow): LocationSettings => ({
  ...toLocation(row),
  location_app_links: {
    androidApp: row.android_app,
    androidStore: row.android_store,
    iosApp: row.ios_app,
    iosStore: row.ios_store,
    fallbackUrl: row.fallback_url,
  },
  location_token: row.location_token,
});

export const listLocations = async (
  db: Database,
  request: ListRequest<LocationSortKey>,
): Promise<ListResponse<LocationSettings>> => {
  const page = await listPage(db, locationList, request);
  return { ...page, data: page.data.map(toLocationSettings) };
};

export const getLocationSettings = async (db: Database, id: string): Promise<LocationSettings> => {
  const [row] = await db.select().from(locations).where(eq(locations._id, id));
  if (!row) throw notFound();
  return toLocationSettings(row);
};

const columnsOf = (input: LocationSettingsInput) => {
  const values = locationSettingsInput.parse(input);
  const links = values.location_app_links;
  return {
    location_name: values.location_name,
    location_name_key: nameKey(values.location_name),
    timezone: values.location_meta.timezone,
    logo_thumbnail: values.location_logo.thumbnail,
    hasMobileApp: values.hasMobileApp,
    android_app: links.androidApp,
    android_store: links.androidStore,
    ios_app: links.iosApp,
    ios_store: links.iosStore,
    fallback_url: links.fallbackUrl,
  };
};

const auditLocation = (db: Database, request: AuditRequest, action: string, row: LocationRow) =>
  audit(db, request, {
    action,
    entity: 'location',
    entityId: row._id,
    details: { location_name: row.location_name },
  });

/** 409 NAME_TAKEN when another mall has the name: malls are picked by name. */
const assertNameFree = (db: Database, name: string, except?: string) =>
  assertNamesFree(
    db,
    locations,
    locations._id,
    [{ key: locations.location_name_key, name, field: 'location_name' }],
    { except },
  );

const whenNameTaken = rethrowNameTaken({ locations_name_key: 'location_name' });

export const createLocationSettings = async (
  db: Database,
  files: Pick<Files, 'find'>,
  input: LocationSettingsInput,
  request: AuditRequest,
): Promise<LocationSettings> =>
  db
    .transaction(async (tx) => {
      const columns = columnsOf(input);
      await assertNameFree(tx, columns.location_name);
      await assertStoredImage(tx, files, 'location_logo.thumbnail', columns.logo_thumbnail);
      const [row] = await tx
        .insert(locations)
        .values({ ...columns, location_token: newSecretToken() })
        .returning();
      await seedKvkkAgreement(tx, row!._id, row!.location_name);
      await auditLocation(tx, request, 'location.created', row!);
      return toLocationSettings(row!);
    })
    .catch(whenNameTaken);

export const updateLocationSettings = async (
  db: Database,
  files: Pick<Files, 'find'>,
  id: string,
  input: LocationSettingsInput,
  request: AuditRequest,
): Promise<LocationSettings> =>
  db
    .transaction(async (tx) => {
      const columns = columnsOf(input);
      await assertNameFree(tx, columns.location_name, id);
      await assertStoredImage(tx, files, 'location_logo.thumbnail', columns.logo_thumbnail);
      const [row] = await tx.update(locations).set(columns).where(eq(locations._id, id)).returning();
      if (!row) throw notFound();
      await auditLocation(tx, request, 'location.updated', row);
      return toLocationSettings(row);
    })
    .catch(whenNameTaken);

/** A new micro-site address: the old one (and every customer session bound to it) stops working. */
export const renewLocationToken = async (
  db: Database,
  id: string,
  request: AuditRequest,
): Promise<LocationSettings> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .update(locations)
      .set({ location_token: newSecretToken() })
      .where(eq(locations._id, id))
      .returning();
    if (!row) throw notFound();
    await auditLocation(tx, request, 'location.token_renewed', row);
    return toLocationSettings(row);
  });

export const findLocation = async (db: Database, id: string): Promise<Location | undefined> => {
  const [row] = await db.select().from(locations).where(eq(locations._id, id));
  return row && toLocation(row);
};

/** The channel location-notices.sql's trigger sends to when a mall changes or goes. */
export const LOCATIONS_CHANNEL = 'avlu_locations';

/**
 * `findLocation` for every mall-scoped request, from memory while no notice says a mall changed
 * (a mall group has a few dozen malls; each is read again at least every minute). The mall given
 * is frozen: requests share it.
 */
export const keptLocations = async (db: Database, notices: Notices) => {
  const cache = await noticeCache<Location>(notices, LOCATIONS_CHANNEL, {
    maxEntries: 1_000,
    maxAgeMs: 60_000,
  });
  return {
    find: (id: string) =>
      cache.get(id, async () => {
        const location = await findLocation(db, id);
        return location && Object.freeze(location);
      }),
    close: cache.close,
  };
};

/**
 * A mall without an audit entry (first start, demo malls, tests); settings such as app links are
 * optional. Like every new mall it starts with its micro-site's KVKK notice, in the same transaction.
 */
export const createLocation = async (db: Database, input: LocationSettingsInput): Promise<Location> =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .insert(locations)
      .values({ ...columnsOf(input), location_token: newSecretToken() })
      .returning();
    await seedKvkkAgreement(tx, row!._id, row!.location_name);
    return toLocation(row!);
  });

export const allLocationIds = async (db: Database): Promise<string[]> =>
  (await db.select({ _id: locations._id }).from(locations)).map((row) => row._id);
