import { location } from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';

const myLocations = z.array(location);

/** GET /core/location: the malls of the signed-in user, the ones they may give others. */
export const useMyLocations = () =>
  useQuery({
    queryKey: ['my-locations'],
    queryFn: ({ signal }) => api.get('/core/location', { schema: myLocations, signal, dedupe: false }),
  });
