import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from './fake-clock';
import { FCM_SCOPE, fcmPush, serviceAccountAssertion } from './fcm-push';
import { ProviderError } from './provider-error';
import { startTestFcmServer, type TestFcmServer } from './test-fcm-server';
import { createThrottle, withRetry } from './throttle';

const failureOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
};

const push = (token: string) => ({
  token,
  title: 'Avlu AVM',
  body: 'Hafta sonu tüm mağazalarda %20 indirim!',
  data: { page: 'campaign-detail', value: '6650f0c2a1b2c3d4e5f60718' },
});

describe('FCM HTTP v1 driver', () => {
  // The server and the driver share a fake clock, so token lifetimes are checked without waiting.
  const clock = fakeClock(Date.now());
  let fcm: TestFcmServer;
  beforeAll(async () => {
    fcm = await startTestFcmServer({ now: clock.now });
  });
  afterEach(() => fcm.behave({ kind: 'accept' }));
  afterAll(() => fcm.close());

  const driver = (options: Parameters<typeof fcmPush>[1] = {}) =>
    fcmPush({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.apiUrl }, { clock, ...options });

  it('signs the service account’s assertion RS256 with the FCM scope for an hour', () => {
    const assertion = serviceAccountAssertion(fcm.serviceAccount, Date.UTC(2026, 10, 28, 9, 0, 0));
    const [header, claims] = assertion
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'RS256', typ: 'JWT', kid: fcm.serviceAccount.private_key_id });
    expect(claims).toEqual({
      iss: fcm.serviceAccount.client_email,
      scope: FCM_SCOPE,
      aud: `${fcm.url}/token`,
      iat: Date.UTC(2026, 10, 28, 9, 0, 0) / 1000,
      exp: Date.UTC(2026, 10, 28, 10, 0, 0) / 1000,
    });
  });

  it('gets an access token with the service account and sends one message per device token', async () => {
    const push1 = driver();
    const issued = fcm.tokensIssued();
    const first = await push1.send(push('device-token-1'));
    const second = await push1.send({ token: 'device-token-2', body: 'Yalnızca metin' });
    expect(first.messageId).toMatch(/^projects\/avlu-test\/messages\/\d+$/);
    expect(second.messageId).not.toBe(first.messageId);
    expect(fcm.tokensIssued()).toBe(issued + 1);
    expect(fcm.received.slice(-2)).toEqual([
      {
        token: 'device-token-1',
        notification: { title: 'Avlu AVM', body: 'Hafta sonu tüm mağazalarda %20 indirim!' },
        data: { page: 'campaign-detail', value: '6650f0c2a1b2c3d4e5f60718' },
        messageId: first.messageId,
      },
      { token: 'device-token-2', notification: { body: 'Yalnızca metin' }, messageId: second.messageId },
    ]);
  });

  it('keeps the token until five minutes before it expires, then gets a new one', async () => {
    const push1 = driver();
    const issued = fcm.tokensIssued();
    await push1.send(push('a'));
    clock.advance(55 * 60_000 - 1);
    await push1.send(push('b'));
    expect(fcm.tokensIssued()).toBe(issued + 1);
    clock.advance(1);
    await push1.send(push('c'));
    expect(fcm.tokensIssued()).toBe(issued + 2);
  });

  it('many sends waiting for a token share one exchange', async () => {
    const push1 = driver();
    const issued = fcm.tokensIssued();
    await Promise.all(Array.from({ length: 20 }, (_, index) => push1.send(push(`parallel-${index}`))));
    expect(fcm.tokensIssued()).toBe(issued + 1);
    expect(fcm.received.filter((message) => message.token.startsWith('parallel-'))).toHaveLength(20);
  });

  it('a token refused (revoked, expired early) is replaced once and the message sent', async () => {
    const push1 = driver();
    await push1.send(push('before-revoke'));
    const issued = fcm.tokensIssued();
    fcm.revokeTokens();
    await push1.send(push('after-revoke'));
    expect(fcm.tokensIssued()).toBe(issued + 1);
    expect(fcm.received.filter((message) => message.token === 'after-revoke')).toHaveLength(1);
  });

  it('a key the token URI does not know is the account’s failure, and nothing is sent', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const sends = fcm.sends();
    const wrong = fcmPush(
      {
        serviceAccount: {
          ...fcm.serviceAccount,
          private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
        apiUrl: fcm.apiUrl,
      },
      { clock },
    );
    expect(await failureOf(wrong.send(push('x')))).toMatchObject({
      code: 'TOKEN_invalid_grant',
      retryable: false,
      scope: 'account',
      status: 400,
    });
    expect(fcm.sends()).toBe(sends);
  });

  it('UNREGISTERED: the token must be removed, and is not tried again', async () => {
    fcm.unregister('uninstalled-app');
    const failure = await failureOf(driver().send(push('uninstalled-app')));
    expect(failure).toMatchObject({
      code: 'UNREGISTERED',
      status: 404,
      retryable: false,
      scope: 'message',
      removeToken: true,
    });
  });

  it('classifies FCM’s errors: quota and server errors retryable with Retry-After, bad arguments permanent', async () => {
    const push1 = driver();
    const send = () => failureOf(push1.send(push('t')));
    fcm.behave({ kind: 'error', status: 429, errorCode: 'QUOTA_EXCEEDED', retryAfter: '30' });
    expect(await send()).toMatchObject({ code: 'QUOTA_EXCEEDED', retryable: true, retryAfterMs: 30_000 });
    fcm.behave({ kind: 'error', status: 503, errorCode: 'UNAVAILABLE', retryAfter: '5' });
    expect(await send()).toMatchObject({
      code: 'UNAVAILABLE',
      retryable: true,
      retryAfterMs: 5000,
      inDoubt: false,
    });
    fcm.behave({ kind: 'error', status: 500, errorCode: 'INTERNAL' });
    expect(await send()).toMatchObject({ code: 'INTERNAL', retryable: true });
    fcm.behave({ kind: 'error', status: 400, errorCode: 'INVALID_ARGUMENT' });
    expect(await send()).toMatchObject({
      code: 'INVALID_ARGUMENT',
      retryable: false,
      scope: 'message',
      removeToken: false,
    });
    fcm.behave({ kind: 'error', status: 403, errorCode: 'SENDER_ID_MISMATCH' });
    expect(await send()).toMatchObject({ code: 'SENDER_ID_MISMATCH', retryable: false, removeToken: true });
    fcm.behave({ kind: 'error', status: 401, errorCode: 'THIRD_PARTY_AUTH_ERROR' });
    expect(await send()).toMatchObject({
      code: 'THIRD_PARTY_AUTH_ERROR',
      retryable: false,
      scope: 'account',
    });
  });

  it('with withRetry, QUOTA_EXCEEDED and UNAVAILABLE are backed off, Retry-After honoured, and the push sent once', async () => {
    const retryClock = fakeClock(clock.now());
    const push1 = fcmPush({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.apiUrl }, { clock: retryClock });
    fcm.behaveNext(
      { kind: 'error', status: 503, errorCode: 'UNAVAILABLE' },
      { kind: 'error', status: 429, errorCode: 'QUOTA_EXCEEDED', retryAfter: '3' },
    );
    await withRetry(() => push1.send(push('retried')), {
      attempts: 4,
      baseDelayMs: 1000,
      maxDelayMs: 60_000,
      clock: retryClock,
      random: () => 0.25,
    });
    expect(retryClock.sleeps).toEqual([250, 3000]);
    expect(fcm.received.filter((message) => message.token === 'retried')).toHaveLength(1);
  });

  it('waits on the throttle before each message', async () => {
    const throttleClock = fakeClock();
    const push1 = driver({ throttle: createThrottle(100, throttleClock) });
    for (const token of ['r1', 'r2', 'r3']) await push1.send(push(token));
    expect(throttleClock.sleeps).toEqual([0, 10, 10]);
  });

  it('a server keeping counts only counts each device token’s pushes', async () => {
    const counting = await startTestFcmServer({ keep: 'counts' });
    try {
      const push1 = fcmPush({ serviceAccount: counting.serviceAccount, apiUrl: counting.apiUrl });
      for (const token of ['d1', 'd2', 'd1']) await push1.send(push(token));
      expect(counting.received).toEqual([]);
      expect(counting.sentCount()).toBe(3);
      expect(counting.timesSentTo('d1')).toBe(2);
      expect(counting.sentMoreThanOnce()).toEqual([{ token: 'd1', count: 2 }]);
    } finally {
      await counting.close();
    }
  });

  it('a send without an answer in time is in doubt', async () => {
    fcm.behave({ kind: 'hang' });
    expect(await failureOf(driver({ timeoutMs: 300 }).send(push('slow')))).toMatchObject({
      code: 'TIMEOUT',
      retryable: true,
      inDoubt: true,
    });
  });
});
