import type { ErrorCode, MessageParams } from '@avlu/contracts';
import { z } from 'zod';

/**
 * An error a service throws to answer with the error model: `code` picks the message from the
 * contracts catalogue in the request's language, `params` fill it, and `fields` map a field path to a
 * validation key (`objectId`, `required`, ...), translated the same way.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    readonly options: {
      params?: MessageParams;
      fields?: Record<string, string>;
      /** For a 429 or 503: when to try again, sent as the Retry-After header. */
      retryAfterSeconds?: number;
      /** More of the answer beside the error model's fields (a challenge to solve, say). */
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** 400 naming each bad field, for rules a schema can not express. */
export const invalidFields = (fields: Record<string, string>) =>
  new AppError('VALIDATION_FAILED', 400, { fields });
export const notFound = () => new AppError('NOT_FOUND', 404);
export const locationNotFound = () => new AppError('LOCATION_NOT_FOUND', 404);
export const conflict = () => new AppError('CONFLICT', 409);
export const serviceUnavailable = () => new AppError('SERVICE_UNAVAILABLE', 503);

/**
 * A failed Zod parse outside Fastify's own validation (headers read by a hook, a resolved query
 * value), shaped like Fastify's validation errors so the error handler names the fields the same way.
 */
export const schemaError = (
  error: z.ZodError,
  part: 'headers' | 'querystring' | 'body',
  prefix: string[] = [],
) =>
  Object.assign(
    new z.ZodError(error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] }))),
    {
      statusCode: 400,
      validationContext: part,
    },
  );
