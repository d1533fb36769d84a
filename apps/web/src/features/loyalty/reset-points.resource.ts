import {
  type ResetPoint,
  type ResetPointInput,
  type ResetPointPreview,
  resetPoint,
  resetPointInput,
  resetPointPreview,
} from '@avlu/contracts';
import { api } from '../../lib/api';
import { defineResource, filterList } from '../../lib/resource';

/**
 * The mall's reset points (spec §7 "Reset points"): the list is POST /loyalty/reset-points/filter,
 * one GET/PUT/DELETE /loyalty/reset-points/{id}, a new one POST /loyalty/reset-points.
 */
export const resetPoints = defineResource<ResetPoint, ResetPointInput>({
  name: 'reset-points',
  path: '/loyalty/reset-points',
  item: resetPoint,
  input: resetPointInput,
  list: filterList('/loyalty/reset-points/filter'),
  messages: {
    created: 'loyalty:resetPoints.created',
    updated: 'loyalty:resetPoints.updated',
    removed: 'loyalty:resetPoints.removed',
  },
});

/** `GET /loyalty/reset-points/{id}/preview`: whom queueing would touch, for the confirmation. */
export const previewResetPoint = (id: string): Promise<ResetPointPreview> =>
  api.get(`/loyalty/reset-points/${id}/preview`, { schema: resetPointPreview });

/** `POST /loyalty/reset-points/{id}/move-to-in-queue`: irreversible. */
export const queueResetPoint = (id: string) => api.post(`/loyalty/reset-points/${id}/move-to-in-queue`);
