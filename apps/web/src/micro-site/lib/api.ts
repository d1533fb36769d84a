import type { ErrorBody } from '@avlu/contracts';
import type { PowChallenge } from '@avlu/contracts/micro-site/challenge';
import { CUSTOMER_ID_HEADER, CUSTOMER_TOKEN_HEADER } from './contract';
import { currentLanguage, t } from './i18n';

/** Every failed call rejects with this: the server's error body (already in the request's language), or statusCode -1. */
export class MicroSiteError extends Error implements ErrorBody {
  override readonly name = 'MicroSiteError';
  readonly statusCode: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** The proof-of-work challenge of a 428 CHALLENGE_REQUIRED (or 400 CHALLENGE_INVALID): see challenge.ts. */
  readonly challenge?: PowChallenge;
  constructor(body: ErrorBody & { challenge?: PowChallenge }) {
    super(body.message);
    this.statusCode = body.statusCode;
    this.code = body.code;
    if (body.fields) this.fields = body.fields;
    if (body.challenge) this.challenge = body.challenge;
  }
}

/** The message to show for any failure (spec §8: the server's message, else the generic one). */
export const messageOf = (error: unknown) =>
  error instanceof MicroSiteError && error.message ? error.message : t('errors.generic');

export type CustomerCredentials = { token: string; id: string };

export type MicroSiteApi = {
  get: <T>(path: string) => Promise<T>;
  /** `headers`: a call's own (an `idempotency-key`). */
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) => Promise<T>;
  delete: <T>(path: string) => Promise<T>;
  /** A multipart form (a receipt and its photo): the browser writes its boundary. */
  sendForm: <T>(method: 'POST' | 'PUT', path: string, form: FormData) => Promise<T>;
};

const isErrorBody = (value: unknown): value is ErrorBody =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErrorBody).code === 'string' &&
  typeof (value as ErrorBody).message === 'string';

/**
 * The micro-site's HTTP client (spec §7 "Micro-site"): the common headers, the mall's micro-site token
 * as bearer, and the signed-in customer's `customer-token` and `customer-id`. It is not the staff
 * `createApiClient`, whose module loads the back-office's whole text catalogue; the wire is the same.
 */
export const createMicroSiteApi = (
  locationToken: string,
  credentials: () => CustomerCredentials | null,
  baseUrl = '/api',
): MicroSiteApi => {
  const request = async <T>(
    method: string,
    path: string,
    body?: unknown,
    extra?: Record<string, string>,
  ): Promise<T> => {
    const customer = credentials();
    const headers: Record<string, string> = {
      'accept-language': currentLanguage(),
      'timezone-offset': String(new Date().getTimezoneOffset()),
      'request-time': new Date().toISOString(),
      authorization: `Bearer ${locationToken}`,
      ...(customer && { [CUSTOMER_TOKEN_HEADER]: customer.token, [CUSTOMER_ID_HEADER]: customer.id }),
      ...(body !== undefined && !(body instanceof FormData) && { 'content-type': 'application/json' }),
      ...extra,
    };
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      });
    } catch {
      throw new MicroSiteError({ statusCode: -1, code: 'NETWORK_ERROR', message: t('errors.network') });
    }
    const text = await response.text().catch(() => '');
    let value: unknown;
    try {
      value = text ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    if (!response.ok) {
      throw new MicroSiteError(
        isErrorBody(value)
          ? value
          : { statusCode: response.status, code: 'HTTP_ERROR', message: t('errors.generic') },
      );
    }
    return value as T;
  };
  return {
    get: (path) => request('GET', path),
    post: (path, body, headers) => request('POST', path, body, headers),
    delete: (path) => request('DELETE', path),
    sendForm: (method, path, form) => request(method, path, form),
  };
};
