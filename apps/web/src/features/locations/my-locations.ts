import { DEFAULT_TIMEZONE, location } from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { session } from '../../lib/session/storage';

const myLocations = z.array(location);

/** GET /core/location: the malls of the signed-in user, the ones they may give others. */
export const useMyLocations = () =>
  useQuery({
    queryKey: ['my-locations'],
    queryFn: ({ signal }) => api.get('/core/location', { schema: myLocations, signal, dedupe: false }),
  });

/**
 * The current mall's time zone (its `location_meta.timezone` in GET /core/location), in which the
 * days of a filter start and end; Europe/Istanbul until the malls have loaded. Switching malls
 * reloads the page, so the current one is read from the session.
 */
export const useMallTimezone = () => {
  const { data } = useMyLocations();
  const currentId = session.currentLocationId();
  return data?.find((mall) => mall._id === currentId)?.location_meta.timezone ?? DEFAULT_TIMEZONE;
};
