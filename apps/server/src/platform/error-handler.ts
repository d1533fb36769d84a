import {
  type ErrorBody,
  type ErrorCode,
  errorMessage,
  issuesToFields,
  type Language,
  pickLanguage,
  validationMessage,
} from '@avlu/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { isDatabaseUnavailable } from './db/connection-errors';
import { AppError } from './errors';

const codeOfStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

const body = (
  statusCode: number,
  code: ErrorCode,
  lang: Language,
  params?: Record<string, string | number>,
  fields?: Record<string, string>,
): ErrorBody => {
  const named = fields && Object.keys(fields).length > 0 ? fields : undefined;
  const message = errorMessage(lang, code, { fields: Object.keys(named ?? {}).join(', '), ...params });
  return named ? { statusCode, code, message, fields: named } : { statusCode, code, message };
};

const translateFields = (fields: Record<string, string>, lang: Language) =>
  Object.fromEntries(
    Object.entries(fields).map(([name, key]) => [name, validationMessage(lang, key) ?? key] as const),
  );

/** The error model answer for any error thrown while handling a request; null means a server fault. */
const toErrorBody = (error: unknown, request: FastifyRequest): ErrorBody | null => {
  const lang = pickLanguage(request.headers['accept-language']);
  if (error instanceof AppError) {
    const fields = error.options.fields && translateFields(error.options.fields, lang);
    return {
      ...error.options.extra,
      ...body(error.statusCode, error.code, lang, error.options.params, fields),
    };
  }
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };
  // Fields are named by their path inside the part they came in (body, query, params): see ARCHITECTURE.md "Errors".
  if (error instanceof z.ZodError && fastifyError.validationContext) {
    return body(400, 'VALIDATION_FAILED', lang, undefined, issuesToFields(error.issues, lang));
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return body(400, 'INVALID_JSON', lang);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return body(400, 'VALIDATION_FAILED', lang, undefined, translateFields({ body: 'required' }, lang));
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return body(415, 'UNSUPPORTED_MEDIA_TYPE', lang, {
        type: String(request.headers['content-type'] ?? '').slice(0, 100),
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return body(413, 'PAYLOAD_TOO_LARGE', lang);
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return body(status, codeOfStatus[status] ?? 'BAD_REQUEST', lang);
  }
  return null;
};

const sendError = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
  const answer = toErrorBody(error, request);
  if (error instanceof AppError && error.options.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.options.retryAfterSeconds));
  }
  if (answer) return reply.code(answer.statusCode).send(answer);
  // The database is away (restart, failover): a 503 tells clients and balancers to try again; the pool
  // reconnects by itself when it returns.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'request failed: database unavailable');
    return reply
      .code(503)
      .header('retry-after', '5')
      .send(body(503, 'SERVICE_UNAVAILABLE', pickLanguage(request.headers['accept-language'])));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send(body(500, 'INTERNAL_ERROR', pickLanguage(request.headers['accept-language'])));
};

/**
 * The error model for every answer: errors of handlers and of Fastify itself (bad JSON, too large,
 * bad URL encoding) keep their 4xx status with our body; anything else is logged and answers a
 * generic 500 that shows no internals.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
});

/** Fastify's `frameworkErrors` option: errors raised before routing (a malformed URL) answer the same way. */
export const frameworkErrors = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  sendError(error, request, reply);
};

/**
 * 404 ROUTE_NOT_FOUND for an unknown address, or 405 METHOD_NOT_ALLOWED with `Allow` when the address
 * exists for other methods only. A route that calls not-found itself (a static file that is missing)
 * exists for the request's method, and answers 404.
 */
export const sendRouteNotFound = (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => {
  const lang = pickLanguage(request.headers['accept-language']);
  const url = request.url.split('?')[0] ?? '/';
  const allowed = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((method) =>
    app.findRoute({ method, url }),
  );
  if (allowed.length > 0 && !allowed.includes(request.method)) {
    reply.header('allow', allowed.join(', '));
    return reply.code(405).send(body(405, 'METHOD_NOT_ALLOWED', lang, { method: request.method }));
  }
  return reply.code(404).send(body(404, 'ROUTE_NOT_FOUND', lang, { method: request.method, url }));
};
