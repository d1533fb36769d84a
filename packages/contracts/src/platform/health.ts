import { z } from 'zod';

/** GET /api/health: the process answers and its database runs a query. */
export const healthResponse = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /api/ready: migrations are applied and the job queue runs; 503 while shutting down. */
export const readyResponse = z.object({ status: z.literal('ready') });
