import Fastify, {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
  type RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { agreementRoutes } from './modules/agreements/agreements.routes';
import { accountRoutes } from './modules/auth/account.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { staffSessions } from './modules/auth/session-cache';
import { resolveSession } from './modules/auth/sessions.service';
import { campaignDashboardRoutes } from './modules/campaigns/campaign-dashboard.routes';
import { campaignRoutes } from './modules/campaigns/campaigns.routes';
import { codeValidationRoutes } from './modules/campaigns/code-validation.routes';
import { couponImportRoutes, couponRoutes } from './modules/campaigns/coupons.routes';
import { gameRoutes } from './modules/campaigns/games.routes';
import { givingRoutes } from './modules/campaigns/giving.routes';
import { stepRoutes } from './modules/campaigns/steps.routes';
import { channelRoutes } from './modules/channels/channels.routes';
import { couponProviderRoutes } from './modules/coupon-providers/coupon-providers.routes';
import { customerEntryRoutes } from './modules/customers/customer-entry.routes';
import { customerImportRoutes } from './modules/customers/customer-import.routes';
import { customerRoutes } from './modules/customers/customers.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { feedbackRoutes } from './modules/feedbacks/feedbacks.routes';
import { geoRoutes, microSiteGeoRoutes } from './modules/geo/geo.routes';
import { invitationRoutes } from './modules/invitations/invitations.routes';
import { lendingItemUploadRoutes, lendingRoutes } from './modules/lending/lending.routes';
import { locationRoutes } from './modules/locations/locations.routes';
import { findLocation, keptLocations } from './modules/locations/locations.service';
import { giftRoutes } from './modules/loyalty/gifts.routes';
import { loyaltyRoutes } from './modules/loyalty/loyalty.routes';
import { loyaltyCustomerListRoutes } from './modules/loyalty/loyalty-customers.routes';
import { resetPointRoutes } from './modules/loyalty/reset-points.routes';
import { emailListRoutes } from './modules/marketing/email-lists.routes';
import { withMallAccounts } from './modules/marketing/mall-account-senders';
import { marketingRoutes } from './modules/marketing/marketing.routes';
import { optInRoutes } from './modules/marketing/opt-in.routes';
import { providerAccountRoutes } from './modules/marketing/provider-accounts.routes';
import { pushTokenRoutes } from './modules/marketing/push-tokens.routes';
import { unsubscribeRoutes } from './modules/marketing/unsubscribe.routes';
import { microSiteRoutes } from './modules/micro-site/micro-site.routes';
import { microSiteAuth } from './modules/micro-site/micro-site-auth';
import { monthlyReportRoutes } from './modules/monthly-reports/monthly-reports.routes';
import { pointProviderRoutes } from './modules/point-providers/point-providers.routes';
import { qrCodeRoutes } from './modules/qr-codes/qr-codes.routes';
import { receiptRoutes } from './modules/receipts/receipts.routes';
import { reminderRoutes } from './modules/reminders/reminders.routes';
import { reservationRoutes } from './modules/reservations/reservations.routes';
import { roleRoutes } from './modules/roles/roles.routes';
import { storeImportRoutes, storeRoutes } from './modules/stores/stores.routes';
import { microSiteSurveyRoutes } from './modules/surveys/surveys.micro-site.routes';
import { surveyRoutes } from './modules/surveys/surveys.routes';
import { passwordResetRoutes } from './modules/users/password-reset.routes';
import { userRoutes } from './modules/users/users.routes';
import type { AppDeps } from './platform/app-deps';
import { staffAuth } from './platform/auth/staff-auth';
import { errorHandler, frameworkErrors } from './platform/error-handler';
import { createFiles, type Files } from './platform/files/files';
import { fileRoutes } from './platform/files/files.routes';
import { healthRoutes } from './platform/health';
import { createMailer } from './platform/mail';
import { openApi } from './platform/openapi';
import { webDistDir } from './platform/paths';
import { parseQueryString } from './platform/query-string';
import { requestContext } from './platform/request-context';
import { securityHeaders } from './platform/security-headers';
import { createSms } from './platform/sms';
import { staticWeb } from './platform/static-web';
import { createSerializerCompiler } from './platform/zod-serializer';
import { validatorCompiler } from './platform/zod-validation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, for checks that must hold for all of them (tests walk it). */
    routeList: readonly RouteOptions[];
    /** The file store and its records (platform/files/files.ts): save, find, sign private files' URLs. */
    files: Files;
  }
  interface FastifyRequest {
    /** The process's write count as the request came in (session-cache.ts `settle`). */
    writesAtStart: number;
  }
}

/** One log line per request, when it is answered and with what was asked, instead of Fastify's two. */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const fields = { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else reply.log.info(fields, 'request completed');
  }
}

/** Every feature's routes, mounted under /api. A new module adds its routes plugin here. */
const modules = [
  authRoutes,
  accountRoutes,
  locationRoutes,
  roleRoutes,
  userRoutes,
  invitationRoutes,
  passwordResetRoutes,
  fileRoutes,
  customerRoutes,
  customerImportRoutes,
  customerEntryRoutes,
  geoRoutes,
  microSiteGeoRoutes,
  channelRoutes,
  storeRoutes,
  storeImportRoutes,
  devRoutes,
  microSiteRoutes,
  campaignRoutes,
  couponRoutes,
  couponImportRoutes,
  givingRoutes,
  gameRoutes,
  codeValidationRoutes,
  campaignDashboardRoutes,
  dashboardRoutes,
  couponProviderRoutes,
  loyaltyRoutes,
  giftRoutes,
  loyaltyCustomerListRoutes,
  resetPointRoutes,
  pointProviderRoutes,
  receiptRoutes,
  reservationRoutes,
  surveyRoutes,
  microSiteSurveyRoutes,
  stepRoutes,
  marketingRoutes,
  emailListRoutes,
  pushTokenRoutes,
  unsubscribeRoutes,
  providerAccountRoutes,
  optInRoutes,
  qrCodeRoutes,
  agreementRoutes,
  lendingRoutes,
  lendingItemUploadRoutes,
  feedbackRoutes,
  reminderRoutes,
  monthlyReportRoutes,
];

/** The HTTP application without a listening socket: main.ts listens, tests use `inject`. */
export const buildApp = async (deps: AppDeps) => {
  const loggerInstance: FastifyBaseLogger | undefined = deps.logger;
  const app = Fastify({
    ...(loggerInstance ? { loggerInstance } : { logger: false }),
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors,
    logController: new OneLinePerRequest(),
    // Requests on kept-alive connections finish normally during shutdown; /api/ready says 503 meanwhile.
    return503OnClosing: false,
    // Behind a reverse proxy every request comes from the proxy: believe its X-Forwarded-For only.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Under the test runner (VITEST is set in its workers and the servers they start) every answer is
  // also checked against its Zod schema.
  app.setSerializerCompiler(createSerializerCompiler({ checkWithZod: process.env.VITEST !== undefined }));
  // Bodies are JSON (or multipart where a route adds it); a text body would only reach a schema as a string.
  app.removeContentTypeParser('text/plain');
  // A message sent for a mall goes through its own otp / transactional account when it has one.
  const senders = withMallAccounts({
    db: deps.db,
    config: deps.config,
    logger: deps.logger,
    sms: deps.sms ?? createSms(deps.config, deps.db, deps.logger),
    mailer: deps.mailer ?? createMailer(deps.config, deps.db, deps.logger),
  });
  app.decorate('mailer', senders.mailer);
  app.addHook('onClose', () => app.mailer.close());
  app.decorate('sms', senders.sms);
  app.decorate('files', deps.files ?? (await createFiles(deps.config, deps.db)));
  const routeList: RouteOptions[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    routeList.push(route);
  });

  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const isReady = () => !closing && (deps.jobs?.running() ?? true);

  await app.register(errorHandler);
  await app.register(securityHeaders, { publicUrl: deps.config.publicUrl });
  // Before the request context: a caller without a valid token gets 401 before any 400 (see staff-auth.ts).
  const sessions = deps.notices
    ? await staffSessions(deps.db, deps.config.staffSessions, deps.notices)
    : {
        resolve: (token: string) => resolveSession(deps.db, token, deps.config.staffSessions),
        writes: () => 0,
        settle: async () => undefined,
        close: () => undefined,
      };
  app.addHook('onClose', async () => sessions.close());
  // A call that may have ended a session or changed what one grants (logout, a password, a user, a
  // role, a mall) is answered once this process has heard the change's notice: the caller's next
  // request, here or anywhere, finds the old session gone. A call that wrote nothing, whatever its
  // verb (a list's POST /filter), changed none of these and is not held up.
  app.decorateRequest('writesAtStart', 0);
  app.addHook('onRequest', async (request) => {
    request.writesAtStart = sessions.writes();
  });
  app.addHook('onSend', async (request) => {
    if (request.url.startsWith('/api/')) await sessions.settle(request.writesAtStart);
  });
  await app.register(staffAuth, {
    db: deps.db,
    resolveStaff: (token) => sessions.resolve(token),
    publicDocs: deps.config.apiDocs === 'public',
  });
  // The micro-site's /ext routes answer to a mall's token and a customer session instead (route-access.ts).
  await app.register(microSiteAuth, { db: deps.db });
  const malls = deps.notices ? await keptLocations(deps.db, deps.notices) : undefined;
  if (malls) app.addHook('onClose', async () => malls.close());
  await app.register(requestContext, {
    findLocation: malls ? malls.find : (id) => findLocation(deps.db, id),
  });
  await app.register(openApi, { ui: deps.config.apiDocs !== 'off' });
  await app.register(staticWeb, { root: deps.webDist ?? webDistDir });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db: deps.db, isReady });
      for (const routes of modules) await api.register(routes, deps);
    },
    { prefix: '/api' },
  );
  return app;
};
