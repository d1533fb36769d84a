import type { City, GeoQuery, Neighborhood, Town } from '@avlu/contracts';
import { notFound } from '../../platform/errors';
import { geoData } from './geo.data';

/** One page of `items` with only `_id` and the asked-for fields (all of `allFields` when none are asked). */
const page = <Item extends { _id: string }>(
  items: readonly Item[],
  allFields: readonly (keyof Item & string)[],
  query: GeoQuery,
) => {
  const fields = (query.fields ?? allFields) as readonly (keyof Item & string)[];
  const end = query.limit === undefined ? undefined : query.skip + query.limit;
  return items.slice(query.skip, end).map((item) => {
    const answer: Pick<Item, '_id'> & Partial<Item> = { _id: item._id } as Pick<Item, '_id'> & Partial<Item>;
    for (const field of fields) answer[field] = item[field];
    return answer;
  });
};

export const listCities = async (query: GeoQuery): Promise<City[]> =>
  page((await geoData()).cities, ['name'], query);

export const listTowns = async (cityId: string, query: GeoQuery): Promise<Town[]> => {
  const city = (await geoData()).cityById.get(cityId);
  if (!city) throw notFound();
  return page(city.towns, ['name'], query);
};

export const listNeighborhoods = async (townId: string, query: GeoQuery): Promise<Neighborhood[]> => {
  const town = (await geoData()).townById.get(townId);
  if (!town) throw notFound();
  return page(town.neighborhoods, ['name', 'district', 'zip_code'], query);
};
