import {
  feedback,
  feedbackDetail,
  feedbackInput,
  feedbackListQuery,
  feedbackMailReply,
  feedbackSmsReply,
  feedbackStatusInput,
  feedbackType,
  feedbackTypeInput,
  feedbackTypePatch,
  idParams,
  listResponse,
  microSiteFeedbackInput,
  microSiteFeedbackType,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { acting } from '../users/acting';
import {
  changeFeedbackStatus,
  createFeedback,
  createFeedbackType,
  createMicroSiteFeedback,
  getFeedback,
  listFeedbacks,
  listFeedbackTypes,
  microSiteFeedbackTypes,
  patchFeedbackType,
  replyByMail,
  replyBySms,
} from './feedbacks.service';

/** Every staff call is the feedbacks module's (spec §6 `modules:feedbacks`), inside one mall. */
const config = { subject: 'modules:feedbacks', scope: 'location' } as const;
const tags = ['feedbacks'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/** Spec §7 "Admin and core", the feedback calls (issue 17 #7), and the micro-site's feedback. */
export const feedbackRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config: appConfig }) => {
  const replyDeps = (request: FastifyRequest) => ({
    sms: app.sms,
    mailer: app.mailer,
    smsConfig: appConfig.sms,
    log: request.log,
  });
  app.get(
    '/core/feedback',
    {
      config,
      schema: {
        tags,
        summary:
          'One page of the feedback, newest first; filter finds title, text, name; status and type narrow it',
        querystring: feedbackListQuery,
        response: { 200: listResponse(feedback) },
      },
    },
    (request) => listFeedbacks(db, mall(request), request.query),
  );
  app.post(
    '/core/feedback',
    {
      config,
      schema: {
        tags,
        summary:
          'New feedback written down by staff, anonymous or named; feedback_file is an image uploaded with POST /api/files',
        body: feedbackInput,
        response: { 201: feedback },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFeedback(db, app.files, mall(request), request.body, acting(request))),
  );
  app.get(
    '/core/feedback/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One feedback with the answers sent to its author',
        params: idParams,
        response: { 200: feedbackDetail },
      },
    },
    (request) => getFeedback(db, mall(request), request.params.id),
  );
  app.put(
    '/core/feedback/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Mark viewed or informed; informed cannot be undone (409 FEEDBACK_INFORMED)',
        params: idParams,
        body: feedbackStatusInput,
        response: { 200: feedbackDetail },
      },
    },
    (request) => changeFeedbackStatus(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.put(
    '/feedback/:id/send-sms',
    {
      config,
      schema: {
        tags,
        summary: 'Answer the author by SMS (sms_title, sms_text); the feedback becomes informed for good',
        params: idParams,
        body: feedbackSmsReply,
        response: { 200: feedbackDetail },
      },
    },
    (request) =>
      replyBySms(db, replyDeps(request), mall(request), request.params.id, request.body, acting(request)),
  );
  app.put(
    '/feedback/:id/send-mail',
    {
      config,
      schema: {
        tags,
        summary: 'Answer the author by email (mail_title, mail_text); the feedback becomes informed for good',
        params: idParams,
        body: feedbackMailReply,
        response: { 200: feedbackDetail },
      },
    },
    (request) =>
      replyByMail(db, replyDeps(request), mall(request), request.params.id, request.body, acting(request)),
  );
  app.get(
    '/feedback-types',
    {
      config,
      schema: {
        tags,
        summary: 'Every feedback type of the mall with how many feedbacks it has',
        response: { 200: z.array(feedbackType) },
      },
    },
    (request) => listFeedbackTypes(db, mall(request)),
  );
  app.post(
    '/feedback-types',
    {
      config,
      schema: {
        tags,
        summary: 'New feedback type',
        body: feedbackTypeInput,
        response: { 201: feedbackType },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createFeedbackType(db, mall(request), request.body, acting(request))),
  );
  app.patch(
    '/feedback-types/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change some fields of a type; concurrent changes are applied one after another',
        params: idParams,
        body: feedbackTypePatch,
        response: { 200: feedbackType },
      },
    },
    (request) => patchFeedbackType(db, mall(request), request.params.id, request.body, acting(request)),
  );

  const micro = { tags: ['micro-site'], headers: customerSessionHeaders };
  app.get(
    '/ext/app/feedback-types',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary: 'The mall’s active feedback types',
        response: { 200: z.array(microSiteFeedbackType) },
      },
    },
    (request) => microSiteFeedbackTypes(db, microSiteMallOf(request)._id),
  );
  app.post(
    '/ext/app/feedback',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'The signed-in customer’s feedback; named, it carries their name and contact, anonymous nothing of them',
        body: microSiteFeedbackInput,
        response: { 201: z.object({ _id: z.string(), feedback_title: z.string(), createdAt: z.string() }) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createMicroSiteFeedback(
            db,
            microSiteMallOf(request)._id,
            customerOf(request)._id,
            request.body,
          ),
        ),
  );
};
