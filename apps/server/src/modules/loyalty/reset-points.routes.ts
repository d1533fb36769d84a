import {
  idParams,
  listResponse,
  resetPoint,
  resetPointFilterQuery,
  resetPointInput,
  resetPointPreview,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import {
  createResetPoint,
  deleteResetPoint,
  getResetPoint,
  listResetPoints,
  previewResetPoint,
  queueResetPoint,
  updateResetPoint,
} from './reset-points.service';

/** Spec §6 maps the reset points' paths to the receipts' subject. */
const config = { subject: 'modules:loyalty:receipts', scope: 'location' } as const;
const tags = ['loyalty'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/** Spec §7 "Reset points" (issue 14 #6), with one reset's read and the preview its confirmation shows. */
export const resetPointRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, jobs }) => {
  app.post(
    '/loyalty/reset-points/filter',
    {
      config,
      schema: {
        tags,
        summary: 'One page of the reset points (keyword on the name, type and status filters; newest first)',
        body: resetPointFilterQuery,
        response: { 200: listResponse(resetPoint) },
      },
    },
    (request) => listResetPoints(db, mall(request), request.body),
  );
  app.post(
    '/loyalty/reset-points',
    {
      config,
      schema: {
        tags,
        summary: 'New reset point (status created: nobody is reset until it is queued)',
        body: resetPointInput,
        response: { 201: resetPoint },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createResetPoint(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/loyalty/reset-points/:id',
    {
      config,
      schema: { tags, summary: 'One reset point', params: idParams, response: { 200: resetPoint } },
    },
    (request) => getResetPoint(db, mall(request), request.params.id),
  );
  app.put(
    '/loyalty/reset-points/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a reset point; only while created (409 RESET_POINT_QUEUED after)',
        params: idParams,
        body: resetPointInput,
        response: { 200: resetPoint },
      },
    },
    (request) => updateResetPoint(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/loyalty/reset-points/:id',
    {
      config,
      schema: { tags, summary: 'Delete a reset point; only while created', params: idParams },
    },
    async (request, reply) => {
      await deleteResetPoint(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.get(
    '/loyalty/reset-points/:id/preview',
    {
      config,
      schema: {
        tags,
        summary: 'How many customers and points the reset would touch if it ran now',
        params: idParams,
        response: { 200: resetPointPreview },
      },
    },
    (request) => previewResetPoint(db, mall(request), request.params.id),
  );
  app.post(
    '/loyalty/reset-points/:id/move-to-in-queue',
    {
      config,
      schema: {
        tags,
        summary: 'Queue the reset (irreversible): its run resets the customers in batches',
        params: idParams,
        response: { 200: resetPoint },
      },
    },
    async (request) => {
      const queued = await queueResetPoint(db, mall(request), request.params.id, acting(request));
      // After the commit; should the send fail, the minute's sweep (reset-points.job.ts) runs it.
      await jobs
        ?.send('loyalty.reset-points', { resetPointId: queued._id }, { singletonKey: queued._id })
        .catch((error: unknown) => request.log.warn({ err: error }, 'reset point not sent to the queue'));
      return queued;
    },
  );
};
