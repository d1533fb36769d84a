import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchNeighborhoods, fetchTowns, geoKeys, useCities } from '../../geo';

const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: 60 * 60 * 1000 } as const;
const unique = (names: readonly string[]) => [...new Set(names)];

/**
 * The names each address condition offers: every province; the districts of the provinces chosen in
 * the filter (all of them at once would be ~970 names with many repeats); the neighbourhoods of the
 * chosen districts. Without a chosen parent a name can still be typed.
 */
export const usePlaceOptions = (provinces: readonly string[], districts: readonly string[]) => {
  const cities = useCities();
  const cityIds = useMemo(
    () => (cities.data ?? []).filter((city) => provinces.includes(city.name)).map((city) => city._id),
    [cities.data, provinces],
  );
  const towns = useQueries({
    queries: cityIds.map((cityId) => ({
      queryKey: geoKeys.towns(cityId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchTowns(cityId, signal),
      ...forever,
    })),
  });
  const townList = towns.flatMap((query) => query.data ?? []);
  const townIds = townList.filter((town) => districts.includes(town.name)).map((town) => town._id);
  const neighborhoods = useQueries({
    queries: townIds.map((townId) => ({
      queryKey: geoKeys.neighborhoods(townId),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchNeighborhoods(townId, signal),
      ...forever,
    })),
  });
  return {
    province: { options: unique((cities.data ?? []).map((city) => city.name)), loading: cities.isPending },
    district: {
      options: unique(townList.map((town) => town.name)),
      loading: towns.some((query) => query.isPending),
      hasParent: cityIds.length > 0,
    },
    locality: {
      options: unique(neighborhoods.flatMap((query) => query.data ?? []).map((place) => place.name)),
      loading: neighborhoods.some((query) => query.isPending),
      hasParent: townIds.length > 0,
    },
  };
};
