import {
  type PointProvider,
  type PointProviderFilterQuery,
  type PointProviderInput,
  pointProvider,
  pointProviderInput,
} from '@avlu/contracts';
import { defineResource, filterList } from '../../lib/resource';

/**
 * Spec §7 "Point providers": the list is `POST /point-providers/filter` (keyword, type filter,
 * order), one provider `GET`/`PUT`/`DELETE /point-providers/{id}`, a new one `POST /point-providers`.
 */
export const pointProviders = defineResource<
  PointProvider,
  PointProviderInput,
  PointProviderFilterQuery & { pagination: { limit: number; currentPage: number } }
>({
  name: 'point-providers',
  path: '/point-providers',
  item: pointProvider,
  input: pointProviderInput,
  list: filterList('/point-providers/filter'),
  messages: {
    created: 'point-providers:created',
    updated: 'point-providers:updated',
    removed: 'point-providers:removed',
  },
});

export const LIST_PATH = '/loyalty/point-providers';
