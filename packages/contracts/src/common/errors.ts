import { z } from 'zod';

/** Machine-readable error codes; each has a Turkish and an English message in i18n/messages.ts. */
export const errorCodes = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'LOCATION_NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
  'INVALID_CREDENTIALS',
  'TOO_MANY_LOGIN_ATTEMPTS',
  'WRONG_PASSWORD',
  'EMAIL_TAKEN',
  'INVITATION_ALREADY_SENT',
  'INVITATION_INVALID',
  'INVITE_NOT_SENT',
  'RESET_LINK_INVALID',
  'ACCOUNT_LOCKED',
  'UNLOCK_LINK_INVALID',
  'ROLE_IN_USE',
  'SYSTEM_ADMIN_ROLE_LOCKED',
  'CANNOT_DELETE_SELF',
  'CUSTOMER_NOT_FOUND',
  'CUSTOMER_EXISTS',
  'CHANNEL_CLOSED',
  'CUSTOMER_ERASED',
  'IMPORT_FILE_INVALID',
  'LOCATION_TOKEN_INVALID',
  'CUSTOMER_SESSION_INVALID',
  'CUSTOMER_NOT_REGISTERED',
  'PHONE_NOT_ALLOWED',
  'SMS_CODE_INVALID',
  'SMS_CODE_EXPIRED',
  'SMS_CODE_SPENT',
  'PHONE_LOCKED',
  'SMS_RESEND_WAIT',
  'SMS_HOURLY_LIMIT',
  'SMS_DAILY_LIMIT',
  'SMS_ADDRESS_LIMIT',
  'SMS_BUDGET_EXCEEDED',
  'SMS_NOT_SENT',
  'AGREEMENT_NOT_FOUND',
] as const;
export const errorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCode>;

/** The error model of every API answer with a 4xx or 5xx status. `fields` maps a field path to its message. */
export const errorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
