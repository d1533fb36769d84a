import { type ListResponse, type Location, type LocationInput, locationInput } from '@avlu/contracts';
import { eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../platform/db/database';
import { type ListRequest, listPage, listSource } from '../../platform/db/list';
import { notFound } from '../../platform/errors';
import { type LocationRow, locations } from './locations.tables';

const toLocation = (row: LocationRow): Location => ({
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

export const listLocations = async (
  db: Database,
  request: ListRequest<LocationSortKey>,
): Promise<ListResponse<Location>> => {
  const page = await listPage(db, locationList, request);
  return { ...page, data: page.data.map(toLocation) };
};

export const findLocation = async (db: Database, id: string): Promise<Location | undefined> => {
  const [row] = await db.select().from(locations).where(eq(locations._id, id));
  return row && toLocation(row);
};

export const getLocation = async (db: Database, id: string): Promise<Location> => {
  const location = await findLocation(db, id);
  if (!location) throw notFound();
  return location;
};

export const createLocation = async (db: Database, input: LocationInput): Promise<Location> => {
  const values = locationInput.parse(input);
  const [row] = await db
    .insert(locations)
    .values({
      location_name: values.location_name,
      timezone: values.location_meta.timezone,
      logo_thumbnail: values.location_logo.thumbnail,
      hasMobileApp: values.hasMobileApp,
    })
    .returning();
  return toLocation(row!);
};

export const allLocationIds = async (db: Database): Promise<string[]> =>
  (await db.select({ _id: locations._id }).from(locations)).map((row) => row._id);
