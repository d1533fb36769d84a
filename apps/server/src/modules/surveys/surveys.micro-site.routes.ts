import { idParams, microSiteSurvey, microSiteSurveyResult, surveyAnswersInput } from '@avlu/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/app-deps';
import { customerOf, customerSessionHeaders, microSiteMallOf } from '../micro-site/micro-site-auth';
import { answerCampaignSurvey, campaignSurvey } from './surveys.micro-site';

/** A survey campaign's survey on the micro-site (issue 15 #3, #7): read it, answer it and get the code. */
export const microSiteSurveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const micro = { tags: ['micro-site'], headers: customerSessionHeaders, params: idParams };
  app.get(
    '/ext/app/customers/campaigns/:id/survey',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'A running survey campaign’s survey with its questions in order, and whether the signed-in customer answered it',
        response: { 200: microSiteSurvey },
      },
    },
    (request) => campaignSurvey(db, microSiteMallOf(request), request.params.id, customerOf(request)._id),
  );
  app.post(
    '/ext/app/customers/campaigns/:id/survey',
    {
      config: { auth: 'customer' },
      schema: {
        ...micro,
        summary:
          'Answer a survey campaign’s survey: the answers are recorded and the campaign’s code given in one transaction; answered already: 409',
        body: surveyAnswersInput,
        response: { 200: microSiteSurveyResult },
      },
    },
    (request) =>
      answerCampaignSurvey(
        db,
        microSiteMallOf(request),
        request.params.id,
        customerOf(request)._id,
        request.body,
      ),
  );
};
