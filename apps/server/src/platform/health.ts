import { healthResponse, readyResponse } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import { serviceUnavailable } from './errors';

export type HealthOptions = { db: Database; isReady: () => boolean };

/** Probes for load balancers and orchestrators: liveness with a database round trip, and readiness. */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, isReady }) => {
  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'The server and its database answer',
        response: { 200: healthResponse },
      },
    },
    async (request) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: error }, 'health check: database does not answer');
        throw serviceUnavailable();
      }
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
  app.get(
    '/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Migrations are applied and jobs run; 503 while shutting down',
        response: { 200: readyResponse },
      },
    },
    async () => {
      if (!isReady()) throw serviceUnavailable();
      return { status: 'ready' as const };
    },
  );
};
