import { createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FcmServiceAccount } from './fcm-push';

/** One push the fake FCM accepted. */
export type ReceivedPush = {
  token: string;
  notification: { title?: string; body?: string; image?: string };
  data?: Record<string, string>;
  messageId: string;
};

/**
 * How the fake answers the next sends: accept, an FCM error (status and error code, with a
 * Retry-After), or hold the request without answering.
 */
export type FcmBehaviour =
  | { kind: 'accept' }
  | { kind: 'error'; status: number; errorCode: string; retryAfter?: string }
  | { kind: 'hang' };

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

/**
 * A local HTTP server on 127.0.0.1 that speaks what the FCM driver uses of Google's:
 *
 * - `POST /token`, the OAuth 2.0 token URI: a form with `grant_type` jwt-bearer and an `assertion`
 *   signed RS256 by the service account's key (made here, a fresh 2048-bit pair), its claims
 *   checked (issuer, audience, scope, iat/exp within an hour of the server's time); answers
 *   `{ access_token, expires_in, token_type: 'Bearer' }`, or 400 `invalid_grant`.
 * - `POST /v1/projects/{project}/messages:send` with a bearer token it issued and has not expired:
 *   `{ message: { token, notification, data } }` (data values strings), answered `{ name }`. A token
 *   marked unregistered answers 404 UNREGISTERED; a bad body 400 INVALID_ARGUMENT; another project
 *   403; a token it did not issue (or expired) 401 UNAUTHENTICATED.
 *
 * `serviceAccount` and `apiUrl` are what the driver is given. `now` is the server's time (a test's
 * fake clock, so token lifetimes are checked without waiting).
 */
export const startTestFcmServer = async (
  options: {
    projectId?: string;
    tokenSeconds?: number;
    now?: () => number;
    /** 'counts' keeps only how many pushes each device token got, for a benchmark of a million. */
    keep?: 'messages' | 'counts';
  } = {},
) => {
  const projectId = options.projectId ?? 'avlu-test';
  const now = options.now ?? Date.now;
  const tokenSeconds = options.tokenSeconds ?? 3600;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const clientEmail = `avlu-push@${projectId}.iam.gserviceaccount.com`;
  const received: ReceivedPush[] = [];
  const keepMessages = (options.keep ?? 'messages') === 'messages';
  const perToken = new Map<string, number>();
  let sentCount = 0;
  const tokens = new Map<string, number>();
  const unregistered = new Set<string>();
  const upcoming: FcmBehaviour[] = [];
  let behaviour: FcmBehaviour = { kind: 'accept' };
  let tokensIssued = 0;
  let sends = 0;
  let url = '';

  const json = (
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const fcmError = (
    response: ServerResponse,
    status: number,
    errorCode?: string,
    headers?: Record<string, string>,
  ) =>
    json(
      response,
      status,
      {
        error: {
          code: status,
          message: errorCode ?? STATUS_NAMES[status] ?? 'error',
          status: STATUS_NAMES[status] ?? 'UNKNOWN',
          ...(errorCode && {
            details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
          }),
        },
      },
      headers,
    );

  const verifyAssertion = (assertion: string): boolean => {
    const [header, claims, signature] = assertion.split('.');
    if (!header || !claims || !signature) return false;
    const verified = createVerify('RSA-SHA256')
      .update(`${header}.${claims}`)
      .verify(publicKey, Buffer.from(signature, 'base64url'));
    if (!verified) return false;
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as Record<string, unknown>;
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
    const seconds = Math.floor(now() / 1000);
    return (
      head.alg === 'RS256' &&
      body.iss === clientEmail &&
      body.aud === `${url}/token` &&
      typeof body.scope === 'string' &&
      body.scope.split(' ').includes('https://www.googleapis.com/auth/firebase.messaging') &&
      typeof body.iat === 'number' &&
      typeof body.exp === 'number' &&
      body.iat <= seconds + 60 &&
      body.exp > seconds &&
      body.exp - body.iat <= 3600
    );
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const form = new URLSearchParams(await readBody(request));
    const assertion = form.get('assertion') ?? '';
    let valid = false;
    try {
      valid =
        form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
        verifyAssertion(assertion);
    } catch {}
    if (!valid)
      return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
    const accessToken = `ya29.${randomBytes(24).toString('base64url')}`;
    tokens.set(accessToken, now() + tokenSeconds * 1000);
    tokensIssued += 1;
    json(response, 200, { access_token: accessToken, expires_in: tokenSeconds, token_type: 'Bearer' });
  };

  const send = async (request: IncomingMessage, response: ServerResponse, project: string) => {
    sends += 1;
    const body = await readBody(request);
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const expiresAt = bearer ? tokens.get(bearer) : undefined;
    if (expiresAt === undefined || expiresAt <= now()) return fcmError(response, 401);
    if (project !== projectId) return fcmError(response, 403);
    const current = upcoming.shift() ?? behaviour;
    if (current.kind === 'hang') return;
    if (current.kind === 'error')
      return fcmError(
        response,
        current.status,
        current.errorCode,
        current.retryAfter === undefined ? {} : { 'retry-after': current.retryAfter },
      );
    let message: Record<string, unknown> | undefined;
    try {
      message = (JSON.parse(body) as { message?: Record<string, unknown> }).message;
    } catch {}
    const notification = (message?.notification ?? {}) as ReceivedPush['notification'];
    const data = message?.data as Record<string, unknown> | undefined;
    if (
      typeof message?.token !== 'string' ||
      message.token === '' ||
      (data !== undefined && Object.values(data).some((value) => typeof value !== 'string'))
    )
      return fcmError(response, 400, 'INVALID_ARGUMENT');
    if (unregistered.has(message.token)) return fcmError(response, 404, 'UNREGISTERED');
    sentCount += 1;
    perToken.set(message.token, (perToken.get(message.token) ?? 0) + 1);
    const messageId = `projects/${projectId}/messages/${sentCount}`;
    if (keepMessages)
      received.push({ token: message.token, notification, data: data as ReceivedPush['data'], messageId });
    json(response, 200, { name: messageId });
  };

  const server = createServer((request, response) => {
    const path = request.url ?? '';
    const sendPath = /^\/v1\/projects\/([^/]+)\/messages:send$/.exec(path);
    const handled =
      request.method === 'POST' && path === '/token'
        ? token(request, response)
        : request.method === 'POST' && sendPath
          ? send(request, response, decodeURIComponent(sendPath[1]!))
          : Promise.resolve(fcmError(response, 404));
    handled.catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  url = `http://127.0.0.1:${port}`;
  const serviceAccount: FcmServiceAccount = {
    project_id: projectId,
    client_email: clientEmail,
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    private_key_id: randomBytes(20).toString('hex'),
    token_uri: `${url}/token`,
  };
  return {
    url,
    apiUrl: url,
    serviceAccount,
    received,
    /** How many pushes were accepted in all, and how many a device token got. */
    sentCount: () => sentCount,
    timesSentTo: (deviceToken: string) => perToken.get(deviceToken) ?? 0,
    /** The device tokens that got more than one push, with how many. */
    sentMoreThanOnce: () =>
      [...perToken].filter(([, count]) => count > 1).map(([token, count]) => ({ token, count })),
    /** How many access tokens were issued. */
    tokensIssued: () => tokensIssued,
    /** How many send requests arrived, answered or not. */
    sends: () => sends,
    /** From now on this device token answers 404 UNREGISTERED (the app was uninstalled). */
    unregister: (deviceToken: string) => {
      unregistered.add(deviceToken);
    },
    /** Revokes every access token issued so far (the next send with one answers 401). */
    revokeTokens: () => tokens.clear(),
    behave: (next: FcmBehaviour) => {
      behaviour = next;
      upcoming.length = 0;
    },
    /** Answers the next sends so, one each, then as before. */
    behaveNext: (...next: FcmBehaviour[]) => {
      upcoming.push(...next);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type TestFcmServer = Awaited<ReturnType<typeof startTestFcmServer>>;
