import { healthResponse, readyResponse } from '@avlu/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from './db/database';
import { serviceUnavailable } from './errors';

export type HealthOptions = { db: Database; isReady: () => boolean };

/**
 * Probes for load balancers and orchestrators: liveness with a database round trip, and readiness.
 * Both answer 503 while the database is away (the pool reconnects by itself when it returns), so a
 * balancer sends traffic elsewhere instead of to an instance whose every request would fail.
 */
export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, isReady }) => {
  const databaseAnswers = async (request: FastifyRequest, probe: string) => {
    try {
      await db.execute(sql`select 1`);
    } catch (error) {
      request.log.warn({ err: error }, `${probe}: database does not answer`);
      throw serviceUnavailable();
    }
  };
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
      await databaseAnswers(request, 'health check');
      return { status: 'ok' as const, database: 'ok' as const };
    },
  );
  app.get(
    '/ready',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['platform'],
        summary: 'Migrations are applied, jobs run and the database answers; 503 while shutting down',
        response: { 200: readyResponse },
      },
    },
    async (request) => {
      if (!isReady()) throw serviceUnavailable();
      await databaseAnswers(request, 'readiness check');
      return { status: 'ready' as const };
    },
  );
};
