import {
  emailNotification,
  emailNotificationInput,
  emailNotificationListQuery,
  idParams,
  listResponse,
  mallPost,
  mallPostInput,
  mallPostListQuery,
  mobilePage,
  mobilePageInput,
  mobilePageListQuery,
  type NotificationKind,
  notificationPotential,
  notificationPotentialBody,
  type PostKind,
  pushNotification,
  pushNotificationInput,
  pushNotificationListQuery,
  smsNotification,
  smsNotificationInput,
  smsNotificationListQuery,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { withUserSlot } from '../../platform/db/user-slots';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import { potentials } from './audience.service';
import {
  createMobilePage,
  createPost,
  deleteMobilePage,
  deletePost,
  getMobilePage,
  getPost,
  listMobilePages,
  listPosts,
  updateMobilePage,
  updatePost,
} from './directory.service';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  updateNotification,
} from './notifications.service';
import { sendRoutes } from './send.routes';

const tags = ['marketing'];
const mall = (request: FastifyRequest) => locationOf(request);

/** Each kind's schemas and its spec §6 subject (email's is also the external lists'). */
const notificationKinds = {
  push: {
    subject: 'modules:marketing:push-notifications',
    input: pushNotificationInput,
    answer: pushNotification,
    listQuery: pushNotificationListQuery,
    name: 'push',
  },
  sms: {
    subject: 'modules:marketing:sms-notifications',
    input: smsNotificationInput,
    answer: smsNotification,
    listQuery: smsNotificationListQuery,
    name: 'SMS',
  },
  email: {
    subject: 'modules:marketing:email-notifications',
    input: emailNotificationInput,
    answer: emailNotification,
    listQuery: emailNotificationListQuery,
    name: 'email',
  },
} as const;

/**
 * Spec §7 Marketing (issue 16): `GET`/`POST /marketing/{push,sms,email}-notifications`,
 * `GET`/`PUT`/`DELETE …/{id}`, the mobile pages and the mall's events and promotions. Every
 * notification answer carries `<kind>_notification_potential`. Sending, tests and reports come with
 * dispatch (send.routes.ts).
 */
export const marketingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  // The editor's live reach reads a whole segment, as the customers' count does: a few per user at a time.
  const counts = { kind: 'customers.count', limit: deps.config.perUser.counts };
  // Sending, approval, tests and reports (send.routes.ts).
  await app.register(sendRoutes, deps);
  for (const kind of Object.keys(notificationKinds) as NotificationKind[]) {
    const { subject, input, answer, listQuery, name } = notificationKinds[kind];
    const config = { subject, scope: 'location' } as const;
    const path = `/marketing/${kind}-notifications`;
    app.get(
      path,
      {
        config,
        schema: {
          tags,
          summary: `One page of the mall’s ${name} notifications (keyword, state, order; newest first), each with its potential`,
          querystring: listQuery,
          response: { 200: listResponse(answer) },
        },
      },
      (request) => listNotifications(db, mall(request), kind, request.query as never),
    );
    app.post(
      path,
      {
        config,
        schema: {
          tags,
          summary: `New ${name} notification: created, or scheduled with a future moment in the mall’s time zone`,
          body: input,
          response: { 201: answer },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await createNotification(
              db,
              app.files,
              mall(request),
              kind,
              request.body as never,
              acting(request),
            ),
          ),
    );
    app.get(
      `${path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: `One ${name} notification with its potential`,
          params: idParams,
          response: { 200: answer },
        },
      },
      (request) => getNotification(db, mall(request), kind, request.params.id),
    );
    app.put(
      `${path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: `Change a ${name} notification (every field again); only while created or scheduled (409 otherwise)`,
          params: idParams,
          body: input,
          response: { 200: answer },
        },
      },
      (request) =>
        updateNotification(
          db,
          app.files,
          mall(request),
          kind,
          request.params.id,
          request.body as never,
          acting(request),
        ),
    );
    app.post(
      `${path}/potential`,
      {
        config,
        schema: {
          tags,
          summary: `How many customers a ${name} notification of this segment, customer ids and purpose would reach now (its potential, counted live as the editor changes)`,
          body: notificationPotentialBody,
          response: { 200: notificationPotential },
        },
      },
      (request) =>
        withUserSlot(db, request, counts, async () => {
          const { filters, customer_ids, is_commercial } = request.body;
          const [potential = 0] = await potentials(db, mall(request), [
            { kind, filters, customerIds: customer_ids, isCommercial: is_commercial },
          ]);
          return { potential };
        }),
    );
    app.delete(
      `${path}/:id`,
      {
        config,
        schema: {
          tags,
          summary: `Delete a ${name} notification; only while created or scheduled (409 otherwise)`,
          params: idParams,
        },
      },
      async (request, reply) => {
        await deleteNotification(db, mall(request), kind, request.params.id, acting(request));
        return reply.code(204).send();
      },
    );
  }

  // Mobile pages: the push editor picks among them too.
  const pages = { subject: 'modules:marketing:mobile-pages', scope: 'location' } as const;
  const readPages = {
    subject: { anyOf: ['modules:marketing:mobile-pages', 'modules:marketing:push-notifications'] },
    scope: 'location',
  } as const;
  app.get(
    '/marketing/mobile-pages',
    {
      config: readPages,
      schema: {
        tags,
        summary:
          'The mall’s mobile pages: every one with showAll=true (the push editor’s picker), else one page',
        querystring: mobilePageListQuery,
        response: { 200: z.union([z.array(mobilePage), listResponse(mobilePage)]) },
      },
    },
    (request) => listMobilePages(db, mall(request)._id, request.query),
  );
  app.post(
    '/marketing/mobile-pages',
    {
      config: pages,
      schema: { tags, summary: 'New mobile page', body: mobilePageInput, response: { 201: mobilePage } },
    },
    async (request, reply) =>
      reply.code(201).send(await createMobilePage(db, mall(request)._id, request.body, acting(request))),
  );
  app.get(
    '/marketing/mobile-pages/:id',
    {
      config: readPages,
      schema: { tags, summary: 'One mobile page', params: idParams, response: { 200: mobilePage } },
    },
    (request) => getMobilePage(db, mall(request)._id, request.params.id),
  );
  app.put(
    '/marketing/mobile-pages/:id',
    {
      config: pages,
      schema: {
        tags,
        summary: 'Change a mobile page',
        params: idParams,
        body: mobilePageInput,
        response: { 200: mobilePage },
      },
    },
    (request) => updateMobilePage(db, mall(request)._id, request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/marketing/mobile-pages/:id',
    {
      config: pages,
      schema: {
        tags,
        summary: 'Delete a mobile page (409 while a push not sent yet opens it)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteMobilePage(db, mall(request)._id, request.params.id, acting(request));
      return reply.code(204).send();
    },
  );

  // Events and promotions: read by any staff of the mall (the newsletter's pickers), managed under Ayarlar.
  const read = { scope: 'location' } as const;
  const manage = { subject: 'system-admin', scope: 'location' } as const;
  for (const [kind, path, name] of [
    ['event', '/data/events', 'events'],
    ['promotion', '/data/promotions', 'promotions'],
  ] as const satisfies readonly (readonly [PostKind, string, string])[]) {
    app.get(
      path,
      {
        config: read,
        schema: {
          tags,
          summary: `The mall’s ${name}: every one with showAll=true (post_is_active, current narrow it), else one page`,
          querystring: mallPostListQuery,
          response: { 200: z.union([z.array(mallPost), listResponse(mallPost)]) },
        },
      },
      (request) => listPosts(db, mall(request), kind, request.query),
    );
    app.post(
      path,
      {
        config: manage,
        schema: { tags, summary: `New ${kind}`, body: mallPostInput, response: { 201: mallPost } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await createPost(db, app.files, mall(request)._id, kind, request.body, acting(request))),
    );
    app.get(
      `${path}/:id`,
      {
        config: read,
        schema: { tags, summary: `One ${kind}`, params: idParams, response: { 200: mallPost } },
      },
      (request) => getPost(db, mall(request)._id, kind, request.params.id),
    );
    app.put(
      `${path}/:id`,
      {
        config: manage,
        schema: {
          tags,
          summary: `Change a ${kind}`,
          params: idParams,
          body: mallPostInput,
          response: { 200: mallPost },
        },
      },
      (request) =>
        updatePost(db, app.files, mall(request)._id, kind, request.params.id, request.body, acting(request)),
    );
    app.delete(
      `${path}/:id`,
      { config: manage, schema: { tags, summary: `Delete a ${kind}`, params: idParams } },
      async (request, reply) => {
        await deletePost(db, mall(request)._id, kind, request.params.id, acting(request));
        return reply.code(204).send();
      },
    );
  }
};
