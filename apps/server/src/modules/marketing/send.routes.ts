import {
  idParams,
  marketingSettings,
  marketingSettingsInput,
  type NotificationKind,
  notificationReport,
  notificationReportQuery,
  sendAnswer,
  testEmailsBody,
  testPhonesBody,
  testSendResult,
} from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../platform/app-deps';
import { audit } from '../../platform/audit';
import { locationOf } from '../../platform/request-context';
import { locations } from '../locations/locations.tables';
import { acting } from '../users/acting';
import { queueKick } from './dispatch.job';
import { createSenders } from './dispatch.senders';
import { APPROVAL_SUBJECT, approveSend, type Kick, requestSend, withdrawSend } from './dispatch.service';
import { createDispatcher } from './dispatch.worker';
import { exportNotificationReport, notificationReport as reportOf } from './reports.service';
import { testSend } from './test-sends.service';

const tags = ['marketing'];
const subjects = {
  push: 'modules:marketing:push-notifications',
  sms: 'modules:marketing:sms-notifications',
  email: 'modules:marketing:email-notifications',
} as const;
const names = { push: 'push', sms: 'SMS', email: 'email' } as const;

/**
 * Spec §7 Marketing: `PUT …/{id}/send`, `PUT …/{id}/approve` (§8 'Approvable.'), `PUT …/{id}/withdraw`
 * (back to created from waiting for approval), `PUT …/{id}/test`,
 * `GET …/{id}/report` and its export, for the three kinds. With the job queue (main.ts) a send is a
 * `marketing.dispatch` job; without one (tests, tools) this process sends it in the background.
 */
export const sendRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config } = deps;
  const senders = createSenders(config, deps.logger);
  let kick: Kick;
  if (deps.jobs) kick = queueKick(deps.jobs);
  else {
    const dispatcher = createDispatcher({ db, config, senders, logger: deps.logger });
    const running = new Set<Promise<unknown>>();
    kick = async (notificationId) => {
      const run = dispatcher
        .run(notificationId)
        .catch((error: unknown) =>
          deps.logger?.error({ err: error, notificationId }, 'marketing dispatch failed'),
        )
        .finally(() => running.delete(run));
      running.add(run);
    };
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });
  }
  app.addHook('onClose', () => senders.close());

  // The mall's approval threshold and İYS brand code: read by the marketing team, set by the system
  // admin (Ayarlar).
  const settingsOf = async (locationId: string) => {
    const [row] = await db
      .select({
        marketing_approval_threshold: locations.marketing_approval_threshold,
        marketing_iys_brand_code: locations.marketing_iys_brand_code,
      })
      .from(locations)
      .where(eq(locations._id, locationId));
    return {
      marketing_approval_threshold: row?.marketing_approval_threshold ?? null,
      marketing_iys_brand_code: row?.marketing_iys_brand_code ?? null,
    };
  };
  app.get(
    '/marketing/settings',
    {
      config: { subject: APPROVAL_SUBJECT, scope: 'location' },
      schema: {
        tags,
        summary:
          'The mall’s marketing settings: the approval threshold (null: no send waits) and the İYS brand code',
        response: { 200: marketingSettings },
      },
    },
    (request) => settingsOf(locationOf(request)._id),
  );
  app.put(
    '/marketing/settings',
    {
      config: { subject: 'system-admin', scope: 'location' },
      schema: {
        tags,
        summary:
          'Set the mall’s approval threshold (a send to more recipients waits for a second user’s approval) and İYS brand code; the settings left out stay',
        body: marketingSettingsInput,
        response: { 200: marketingSettings },
      },
    },
    async (request) => {
      const mall = locationOf(request);
      const { marketing_approval_threshold, marketing_iys_brand_code } = request.body;
      const changes = {
        ...(marketing_approval_threshold !== undefined && { marketing_approval_threshold }),
        ...(marketing_iys_brand_code !== undefined && { marketing_iys_brand_code }),
      };
      if (Object.keys(changes).length === 0) return settingsOf(mall._id);
      await db.transaction(async (tx) => {
        await tx.update(locations).set(changes).where(eq(locations._id, mall._id));
        await audit(tx, request, {
          action: 'location.marketing_settings_changed',
          entity: 'location',
          entityId: mall._id,
          details: { ...request.body },
        });
      });
      return settingsOf(mall._id);
    },
  );

  for (const kind of Object.keys(subjects) as NotificationKind[]) {
    const subject = subjects[kind];
    const name = names[kind];
    const path = `/marketing/${kind}-notifications/:id`;
    const config = { subject, scope: 'location' } as const;
    app.put(
      `${path}/send`,
      {
        config,
        schema: {
          tags,
          summary: `Send a created or scheduled ${name} notification now: send in progress, or waiting for approval over the mall’s threshold`,
          params: idParams,
          response: { 200: sendAnswer },
        },
      },
      (request) =>
        requestSend(db, senders, kick, locationOf(request), kind, request.params.id, acting(request)),
    );
    app.put(
      `${path}/approve`,
      {
        config: { subject: [subject, APPROVAL_SUBJECT], scope: 'location' },
        schema: {
          tags,
          summary: `Approve a ${name} send waiting for approval (another user than its creator and requester): send in progress`,
          params: idParams,
          response: { 200: sendAnswer },
        },
      },
      (request) =>
        approveSend(db, senders, kick, locationOf(request), kind, request.params.id, acting(request)),
    );
    app.put(
      `${path}/withdraw`,
      {
        config,
        schema: {
          tags,
          summary: `Take a ${name} send waiting for approval back to created, to edit it (its author, or a user with the approval permission)`,
          params: idParams,
          response: { 200: sendAnswer },
        },
      },
      (request) => withdrawSend(db, locationOf(request), kind, request.params.id, acting(request)),
    );
    app.put(
      `${path}/test`,
      {
        config,
        schema: {
          tags,
          summary:
            kind === 'email'
              ? 'Send the email now to the given addresses only (split on comma or semicolon), not recorded as its messages'
              : `Send the ${name} now to the given phones only${kind === 'push' ? ' (their customers’ devices)' : ''}, not recorded as its messages`,
          params: idParams,
          body: kind === 'email' ? testEmailsBody : testPhonesBody,
          response: { 200: testSendResult },
        },
      },
      (request) => {
        const body = request.body as { phones?: string[]; emails?: string[] };
        return testSend(
          db,
          deps.config,
          senders,
          locationOf(request)._id,
          kind,
          request.params.id,
          body.emails ?? body.phones ?? [],
        );
      },
    );
    app.get(
      `${path}/report`,
      {
        config,
        schema: {
          tags,
          summary: `The ${name} notification’s report: recipients, sent, delivered, failed, opted out, skipped for no consent, parts, and a page of its messages`,
          params: idParams,
          querystring: notificationReportQuery,
          response: { 200: notificationReport },
        },
      },
      (request) => reportOf(db, locationOf(request), kind, request.params.id, request.query),
    );
    app.get(
      `${path}/report/export`,
      {
        config,
        schema: {
          tags,
          summary: `Every message of the ${name} notification with its state, as an xlsx in the request’s language`,
          params: idParams,
          querystring: z.strictObject({}),
        },
      },
      (request, reply) =>
        exportNotificationReport(db, locationOf(request), kind, request.params.id, request.lang, reply),
    );
  }
};
