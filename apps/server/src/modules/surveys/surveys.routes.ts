import {
  idParams,
  listResponse,
  survey,
  surveyInput,
  surveyListQuery,
  surveyQuestion,
  surveyQuestionInput,
  surveyQuestionParams,
  surveyQuestionWithCounts,
} from '@avlu/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { locationOf } from '../../platform/request-context';
import { acting } from '../users/acting';
import { exportSurvey } from './surveys.export';
import {
  createSurvey,
  createSurveyQuestion,
  deleteSurvey,
  deleteSurveyQuestion,
  getSurvey,
  listSurveyQuestionsWithCounts,
  listSurveys,
  updateSurvey,
  updateSurveyQuestion,
} from './surveys.service';

/** Every call is the surveys module's (spec §6 `modules:survey`), inside one mall. */
const config = { subject: 'modules:survey', scope: 'location' } as const;
const tags = ['surveys'];
const mall = (request: FastifyRequest) => locationOf(request)._id;

/** Spec §7 "Surveys" (issue 15 #4): the mall's surveys, their ordered questions and the answers' export. */
export const surveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/survey',
    {
      config,
      schema: {
        tags,
        summary: 'One page of the surveys (keyword on the title, order; newest first)',
        querystring: surveyListQuery,
        response: { 200: listResponse(survey) },
      },
    },
    (request) => listSurveys(db, mall(request), request.query),
  );
  app.post(
    '/survey',
    { config, schema: { tags, summary: 'New survey', body: surveyInput, response: { 201: survey } } },
    async (request, reply) =>
      reply.code(201).send(await createSurvey(db, mall(request), request.body, acting(request))),
  );
  app.get(
    '/survey/:id',
    {
      config,
      schema: {
        tags,
        summary: 'One survey with its question and answer counts (its screens)',
        params: idParams,
        response: { 200: survey },
      },
    },
    (request) => getSurvey(db, mall(request), request.params.id),
  );
  app.put(
    '/survey/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Change a survey (every field again)',
        params: idParams,
        body: surveyInput,
        response: { 200: survey },
      },
    },
    (request) => updateSurvey(db, mall(request), request.params.id, request.body, acting(request)),
  );
  app.delete(
    '/survey/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a survey without answers (409 when customers answered it or a campaign offers it)',
        params: idParams,
      },
    },
    async (request, reply) => {
      await deleteSurvey(db, mall(request), request.params.id, acting(request));
      return reply.code(204).send();
    },
  );
  app.get(
    '/survey/:id/questions',
    {
      config,
      schema: {
        tags,
        summary:
          'The survey’s questions in their order, each with its counts: per choice, per star with the average, written answers',
        params: idParams,
        response: { 200: z.array(surveyQuestionWithCounts) },
      },
    },
    (request) => listSurveyQuestionsWithCounts(db, mall(request), request.params.id),
  );
  app.post(
    '/survey/:id/questions',
    {
      config,
      schema: {
        tags,
        summary: 'New question: last, or at survey_question_order with the others moved down',
        params: idParams,
        body: surveyQuestionInput,
        response: { 201: surveyQuestion },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createSurveyQuestion(db, mall(request), request.params.id, request.body, acting(request)),
        ),
  );
  app.put(
    '/survey/:id/questions/:qid',
    {
      config,
      schema: {
        tags,
        summary:
          'Change a question (every field again); survey_question_order moves it and renumbers the others',
        params: surveyQuestionParams,
        body: surveyQuestionInput,
        response: { 200: surveyQuestion },
      },
    },
    (request) =>
      updateSurveyQuestion(
        db,
        mall(request),
        request.params.id,
        request.params.qid,
        request.body,
        acting(request),
      ),
  );
  app.delete(
    '/survey/:id/questions/:qid',
    {
      config,
      schema: { tags, summary: 'Delete a question; the others close up', params: surveyQuestionParams },
    },
    async (request, reply) => {
      await deleteSurveyQuestion(db, mall(request), request.params.id, request.params.qid, acting(request));
      return reply.code(204).send();
    },
  );
  app.get(
    '/survey/:id/export',
    {
      config,
      schema: {
        tags,
        summary: 'The answers as an xlsx: a row per customer’s answers and a sheet of counts per choice',
        params: idParams,
      },
    },
    (request, reply) => exportSurvey(db, locationOf(request), request.params.id, request.lang, reply),
  );
};
