import { describe, expect, it } from 'vitest';
import { fakeClock } from './fake-clock';
import { ProviderError, parseRetryAfter } from './provider-error';
import { backoffDelay, createThrottle, systemClock, withRetry } from './throttle';

const retryable = (details: Partial<ConstructorParameters<typeof ProviderError>[1]> = {}) =>
  new ProviderError('test', { code: 'HTTP_503', retryable: true, scope: 'batch', ...details });

describe('throttle', () => {
  it('lets an idle provider’s first call go at once and spaces the next ones at the rate', async () => {
    const clock = fakeClock();
    const throttle = createThrottle(100, clock);
    const times: number[] = [];
    for (let index = 0; index < 5; index += 1) {
      await throttle.take(1);
      times.push(clock.elapsed());
    }
    expect(times).toEqual([0, 10, 20, 30, 40]);
  });

  it('counts the messages of a batch: 1,000 at 5,000/s book 200 ms', async () => {
    const clock = fakeClock();
    const throttle = createThrottle(5000, clock);
    await throttle.take(1000);
    expect(clock.elapsed()).toBe(0);
    await throttle.take(1000);
    expect(clock.elapsed()).toBe(200);
    await throttle.take(500);
    expect(clock.elapsed()).toBe(400);
    await throttle.take(1);
    expect(clock.elapsed()).toBe(500);
  });

  it('is shared by calls made together: each waits for the bookings before it', async () => {
    const clock = fakeClock();
    const throttle = createThrottle(10, clock);
    // Five callers at the same instant (no time passes between them on this clock).
    const now = clock.now();
    const waits: number[] = [];
    const original = clock.sleep;
    clock.sleep = async (ms) => {
      waits.push(ms);
    };
    await Promise.all([
      throttle.take(2),
      throttle.take(1),
      throttle.take(3),
      throttle.take(1),
      throttle.take(1),
    ]);
    clock.sleep = original;
    expect(clock.now()).toBe(now);
    expect(waits).toEqual([0, 200, 300, 600, 700]);
  });

  it('does not save up an idle stretch: after a pause the rate holds again', async () => {
    const clock = fakeClock();
    const throttle = createThrottle(2, clock);
    await throttle.take(1);
    clock.advance(10_000);
    await throttle.take(1);
    await throttle.take(1);
    await throttle.take(1);
    expect(clock.sleeps).toEqual([0, 0, 500, 500]);
  });

  it('over a long run lets through no more than the rate, plus the first call', async () => {
    const clock = fakeClock();
    const throttle = createThrottle(250, clock);
    let sent = 0;
    while (clock.elapsed() < 10_000) {
      await throttle.take(7);
      sent += 7;
    }
    // The call that went at 10 s is the one that ended the loop.
    expect(sent).toBeLessThanOrEqual(250 * 10 + 7 + 7);
    expect(sent).toBeGreaterThanOrEqual(250 * 10);
  });

  it('refuses a rate that is not a positive number', () => {
    expect(() => createThrottle(0)).toThrow(RangeError);
    expect(() => createThrottle(Number.NaN)).toThrow(RangeError);
    expect(() => createThrottle(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('the system clock waits for real, and an aborted wait ends at once', async () => {
    const started = Date.now();
    await systemClock.sleep(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const controller = new AbortController();
    controller.abort();
    await expect(systemClock.sleep(60_000, controller.signal)).rejects.toThrow();
  });
});

describe('back-off with full jitter', () => {
  it('draws between 0 and min(cap, base × 2^(n−1))', () => {
    const options = { baseDelayMs: 100, maxDelayMs: 1500 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, { ...options, random: () => 0.999999 }))).toEqual([
      99, 199, 399, 799, 1499, 1499,
    ]);
    expect(backoffDelay(4, { ...options, random: () => 0 })).toBe(0);
    expect(backoffDelay(3, { ...options, random: () => 0.5 })).toBe(200);
  });

  it('never waits less than the provider’s Retry-After', () => {
    expect(
      backoffDelay(1, { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5, retryAfterMs: 3000 }),
    ).toBe(3000);
    expect(backoffDelay(5, { baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.9, retryAfterMs: 10 })).toBe(
      900,
    );
  });
});

describe('withRetry', () => {
  const options = { attempts: 5, baseDelayMs: 100, maxDelayMs: 2000, random: () => 0.5 };

  it('tries again after each retryable failure, backing off, and answers the first success', async () => {
    const clock = fakeClock();
    let calls = 0;
    const result = await withRetry(
      async (attempt) => {
        calls += 1;
        if (attempt < 4) throw retryable();
        return 'sent';
      },
      { ...options, clock },
    );
    expect(result).toBe('sent');
    expect(calls).toBe(4);
    expect(clock.sleeps).toEqual([50, 100, 200]);
  });

  it('honours Retry-After', async () => {
    const clock = fakeClock();
    const seen: number[] = [];
    await withRetry(
      async (attempt) => {
        if (attempt === 1) throw retryable({ code: 'HTTP_429', retryAfterMs: 1500 });
      },
      { ...options, clock, onRetry: ({ delayMs }) => seen.push(delayMs) },
    );
    expect(seen).toEqual([1500]);
    expect(clock.elapsed()).toBe(1500);
  });

  it('hands back a Retry-After longer than it may wait, for the job to come back later', async () => {
    const clock = fakeClock();
    const error = retryable({ code: 'HTTP_429', retryAfterMs: 3_600_000 });
    await expect(
      withRetry(
        async () => {
          throw error;
        },
        { ...options, clock },
      ),
    ).rejects.toBe(error);
    expect(clock.sleeps).toEqual([]);
  });

  it('does not retry a permanent refusal, nor a batch the provider may have taken', async () => {
    const clock = fakeClock();
    for (const error of [
      new ProviderError('test', { code: '30', retryable: false, scope: 'account' }),
      retryable({ code: 'TIMEOUT', inDoubt: true }),
      new Error('a bug'),
    ]) {
      let calls = 0;
      await expect(
        withRetry(
          async () => {
            calls += 1;
            throw error;
          },
          { ...options, clock },
        ),
      ).rejects.toBe(error);
      expect(calls).toBe(1);
    }
    expect(clock.sleeps).toEqual([]);
  });

  it('gives up after the tries it was given, with the last error', async () => {
    const clock = fakeClock();
    let calls = 0;
    await expect(
      withRetry(
        async () => {
          calls += 1;
          throw retryable({ description: `try ${calls}` });
        },
        { ...options, attempts: 3, clock },
      ),
    ).rejects.toMatchObject({ description: 'try 3' });
    expect(calls).toBe(3);
    expect(clock.sleeps).toHaveLength(2);
  });
});

describe('Retry-After', () => {
  const now = Date.UTC(2026, 10, 28, 9, 0, 0);
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 28 Nov 2026 09:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Sat, 28 Nov 2026 08:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
  });
});
