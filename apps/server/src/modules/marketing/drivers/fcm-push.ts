import { createSign } from 'node:crypto';
import type { Logger } from 'pino';
import { providerCall } from './http';
import { ProviderError, parseRetryAfter } from './provider-error';
import { type Clock, systemClock, type Throttle } from './throttle';

const PROVIDER = 'FCM';

/** The fields of a Google service-account key file (JSON) that the OAuth flow needs. */
export type FcmServiceAccount = {
  project_id: string;
  client_email: string;
  /** PKCS#8 PEM, as in the key file. */
  private_key: string;
  private_key_id?: string;
  /** Where the signed assertion is exchanged for an access token; Google's unless given. */
  token_uri?: string;
};

export type FcmAccount = {
  serviceAccount: FcmServiceAccount;
  /** FCM's base address: https://fcm.googleapis.com, or a local server in tests. */
  apiUrl?: string;
};

/** One push to one device. Data values are strings, as FCM requires. */
export type PushMessage = {
  token: string;
  title?: string;
  body: string;
  imageUrl?: string;
  /** What the app reads to open a page (the mobile page and redirect value). */
  data?: Record<string, string>;
};

export interface PushDriver {
  /** Sends one message to one device token; throws a ProviderError when it was not sent. */
  send(message: PushMessage): Promise<{ messageId: string }>;
}

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
export const FCM_API_URL = 'https://fcm.googleapis.com';
export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
/** A token is fetched again this long before it expires, so no call goes with one about to lapse. */
const TOKEN_MARGIN_MS = 5 * 60_000;
/** The assertion's lifetime: Google takes at most an hour. */
const ASSERTION_SECONDS = 3600;

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * The OAuth 2.0 JWT bearer assertion (RFC 7523) of a service account: RS256 over the header and the
 * claims (issuer the account's email, audience the token URI, the FCM scope, an hour's life).
 */
export const serviceAccountAssertion = (account: FcmServiceAccount, nowMs: number) => {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(account.private_key_id && { kid: account.private_key_id }) };
  const claims = {
    iss: account.client_email,
    scope: FCM_SCOPE,
    aud: account.token_uri ?? GOOGLE_TOKEN_URI,
    iat,
    exp: iat + ASSERTION_SECONDS,
  };
  const signed = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(signed).sign(account.private_key);
  return `${signed}.${base64url(signature)}`;
};

type FcmErrorBody = {
  error?: {
    code?: number;
    message?: string;
    status?: string;
    details?: { '@type'?: string; errorCode?: string }[];
  };
};

/** FCM's error code of an answer: the FcmError detail's when there is one, else the status. */
const fcmErrorCode = (body: string): { code?: string; message?: string } => {
  try {
    const { error } = JSON.parse(body) as FcmErrorBody;
    const detail = error?.details?.find((item) => item['@type']?.endsWith('google.firebase.fcm.v1.FcmError'));
    return { code: detail?.errorCode ?? error?.status, message: error?.message?.slice(0, 200) };
  } catch {
    return {};
  }
};

/**
 * What an FCM v1 refusal means (firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode):
 * UNREGISTERED (and any 404) and SENDER_ID_MISMATCH: the token is dead or another project's,
 * remove it; INVALID_ARGUMENT: this message is wrong, do not retry; QUOTA_EXCEEDED (429),
 * UNAVAILABLE (503), INTERNAL (500) and any 5xx: back off and retry, after Retry-After when given;
 * THIRD_PARTY_AUTH_ERROR and a 401/403 that a fresh token did not cure: the account's.
 */
export const fcmFailure = (status: number, body: string, retryAfter: string | null, now: number) => {
  const { code, message } = fcmErrorCode(body);
  const retryAfterMs = parseRetryAfter(retryAfter, now);
  const failure = (details: Omit<ConstructorParameters<typeof ProviderError>[1], 'code' | 'status'>) =>
    new ProviderError(PROVIDER, {
      code: code ?? `HTTP_${status}`,
      status,
      description: message,
      retryAfterMs,
      ...details,
    });
  if (code === 'UNREGISTERED' || status === 404)
    return failure({ retryable: false, scope: 'message', removeToken: true });
  if (code === 'SENDER_ID_MISMATCH')
    return failure({ retryable: false, scope: 'message', removeToken: true });
  if (code === 'QUOTA_EXCEEDED' || status === 429 || status >= 500)
    return failure({ retryable: true, scope: 'batch' });
  if (code === 'THIRD_PARTY_AUTH_ERROR' || status === 401 || status === 403)
    return failure({ retryable: false, scope: 'account' });
  return failure({ retryable: false, scope: 'message' });
};

/**
 * Firebase Cloud Messaging HTTP v1. An access token is got with the service account (a JWT signed
 * RS256 with its private key, exchanged at its token URI) and kept until five minutes before it
 * expires, one exchange at a time however many sends wait for it; then each message is one
 * `POST /v1/projects/{project}/messages:send` with `{ message: { token, notification, data } }`,
 * answered `{ name }`. A 401 (the token revoked or expired early) fetches a new token and tries once
 * more. Every send waits its turn on the throttle. Failures are ProviderErrors (see fcmFailure);
 * nothing else is retried here.
 */
export const fcmPush = (
  account: FcmAccount,
  options: { throttle?: Throttle; clock?: Clock; timeoutMs?: number; logger?: Logger } = {},
): PushDriver => {
  const clock = options.clock ?? systemClock;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const { serviceAccount } = account;
  const tokenUri = serviceAccount.token_uri ?? GOOGLE_TOKEN_URI;
  const endpoint = `${(account.apiUrl ?? FCM_API_URL).replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(
    serviceAccount.project_id,
  )}/messages:send`;

  let cached: { token: string; expiresAt: number } | undefined;
  let fetching: Promise<string> | undefined;

  const fetchToken = async () => {
    const requestedAt = clock.now();
    const answer = await providerCall(PROVIDER, tokenUri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountAssertion(serviceAccount, requestedAt),
      }).toString(),
      timeoutMs,
    }).catch((error: unknown) => {
      // Asking for a token sends no message: never in doubt.
      if (error instanceof ProviderError)
        throw new ProviderError(PROVIDER, {
          code: error.code,
          retryable: true,
          scope: 'batch',
          description: error.description,
        });
      throw error;
    });
    let parsed: {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    } = {};
    try {
      parsed = JSON.parse(answer.body);
    } catch {}
    if (answer.status === 200 && typeof parsed.access_token === 'string') {
      const seconds = typeof parsed.expires_in === 'number' ? parsed.expires_in : 3600;
      cached = { token: parsed.access_token, expiresAt: requestedAt + seconds * 1000 };
      return parsed.access_token;
    }
    const retryable = answer.status === 429 || answer.status >= 500;
    throw new ProviderError(PROVIDER, {
      code: typeof parsed.error === 'string' ? `TOKEN_${parsed.error}` : `TOKEN_HTTP_${answer.status}`,
      // invalid_grant, invalid_client…: the key is wrong, revoked or the clock far off.
      retryable,
      scope: retryable ? 'batch' : 'account',
      status: answer.status,
      retryAfterMs: parseRetryAfter(answer.headers.get('retry-after'), clock.now()),
      description:
        typeof parsed.error_description === 'string' ? parsed.error_description.slice(0, 200) : undefined,
    });
  };

  const accessToken = async (): Promise<string> => {
    if (cached && clock.now() < cached.expiresAt - TOKEN_MARGIN_MS) return cached.token;
    fetching ??= fetchToken().finally(() => {
      fetching = undefined;
    });
    return fetching;
  };

  const post = async (message: PushMessage, token: string) =>
    providerCall(PROVIDER, endpoint, {
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json; charset=utf-8',
        accept: 'application/json',
      },
      timeoutMs,
      body: JSON.stringify({
        message: {
          token: message.token,
          notification: {
            ...(message.title !== undefined && { title: message.title }),
            body: message.body,
            ...(message.imageUrl !== undefined && { image: message.imageUrl }),
          },
          ...(message.data && { data: message.data }),
        },
      }),
    });

  return {
    async send(message) {
      await options.throttle?.take(1);
      let token = await accessToken();
      let answer = await post(message, token);
      if (answer.status === 401 && fcmErrorCode(answer.body).code !== 'THIRD_PARTY_AUTH_ERROR') {
        if (cached?.token === token) cached = undefined;
        token = await accessToken();
        answer = await post(message, token);
      }
      if (answer.status === 200) {
        let name: unknown;
        try {
          name = (JSON.parse(answer.body) as { name?: unknown }).name;
        } catch {}
        return { messageId: typeof name === 'string' ? name : '' };
      }
      const failure = fcmFailure(answer.status, answer.body, answer.headers.get('retry-after'), clock.now());
      options.logger?.warn({ status: answer.status, code: failure.code }, 'FCM refused a push');
      throw failure;
    },
  };
};
