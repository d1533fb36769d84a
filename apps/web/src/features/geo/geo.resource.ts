import {
  type City,
  city,
  GEO_PAGE_SIZE,
  type Neighborhood,
  neighborhood,
  type Town,
  town,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

const cities = z.array(city);
const towns = z.array(town);
const neighborhoods = z.array(neighborhood);

/** Query keys of the address lookups; the data is static, so it is read once per session. */
export const geoKeys = {
  all: ['geo'] as const,
  cities: () => ['geo', 'cities'] as const,
  towns: (cityId: string) => ['geo', 'towns', cityId] as const,
  neighborhoods: (townId: string) => ['geo', 'neighborhoods', townId] as const,
};

/** A place with its name: the lookups answer only the fields asked for, and we always ask for the name. */
export type Named<T> = T & { name: string };
const named = <T extends { name?: string }>(items: T[]) =>
  items.filter((item): item is Named<T> => typeof item.name === 'string');

/** GET /geo/cities?fields=name&skip&limit: pages of 100 until a short page (spec §7 "Address"). */
export const fetchCities = async (signal?: AbortSignal): Promise<Named<City>[]> => {
  const all: City[] = [];
  for (let skip = 0; ; skip += GEO_PAGE_SIZE) {
    const page = await api.get('/geo/cities', {
      query: { fields: 'name', skip, limit: GEO_PAGE_SIZE },
      schema: cities,
      signal,
      dedupe: false,
    });
    all.push(...page);
    if (page.length < GEO_PAGE_SIZE) return named(all);
  }
};

/** GET /geo/cities/{cityId}/towns?fields=name: the districts (ilçe) of a province, all at once. */
export const fetchTowns = async (cityId: string, signal?: AbortSignal): Promise<Named<Town>[]> =>
  named(
    await api.get(`/geo/cities/${cityId}/towns`, {
      query: { fields: 'name' },
      schema: towns,
      signal,
      dedupe: false,
    }),
  );

/** GET /geo/towns/{townId}/neighborhoods?fields=name,district,zip_code: the neighbourhoods of a district. */
export const fetchNeighborhoods = async (
  townId: string,
  signal?: AbortSignal,
): Promise<Named<Neighborhood>[]> =>
  named(
    await api.get(`/geo/towns/${townId}/neighborhoods`, {
      query: { fields: 'name,district,zip_code' },
      schema: neighborhoods,
      signal,
      dedupe: false,
    }),
  );

const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: 60 * 60 * 1000 } as const;

/** Every province of Turkey, sorted in Turkish by the server. */
export const useCities = () =>
  useQuery({ queryKey: geoKeys.cities(), queryFn: ({ signal }) => fetchCities(signal), ...forever });

/** The districts of a province; waits while no province is chosen. */
export const useTowns = (cityId: string | undefined) =>
  useQuery({
    queryKey: geoKeys.towns(cityId ?? ''),
    queryFn: ({ signal }) => fetchTowns(cityId!, signal),
    enabled: Boolean(cityId),
    ...forever,
  });

/** The neighbourhoods of a district; waits while no district is chosen. */
export const useNeighborhoods = (townId: string | undefined) =>
  useQuery({
    queryKey: geoKeys.neighborhoods(townId ?? ''),
    queryFn: ({ signal }) => fetchNeighborhoods(townId!, signal),
    enabled: Boolean(townId),
    ...forever,
  });

/** The id of the place called `name` (customers store names, the lookups go by id). */
export const idByName = <T extends { _id: string; name: string }>(
  places: readonly T[] | undefined,
  name: string | null | undefined,
) => (name ? places?.find((place) => place.name === name)?._id : undefined);

/**
 * The address chain by names: the provinces, the districts of `province` and the neighbourhoods of
 * `district`, each read once its parent's name is matched. For address pickers and filter builders.
 */
export const useAddressChain = (province: string | null | undefined, district: string | null | undefined) => {
  const cityList = useCities();
  const cityId = idByName(cityList.data, province);
  const townList = useTowns(cityId);
  const townId = idByName(townList.data, district);
  const neighborhoodList = useNeighborhoods(townId);
  return { cities: cityList, towns: townList, neighborhoods: neighborhoodList, cityId, townId };
};
