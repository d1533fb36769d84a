import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from './provider-error';

/**
 * Time as the throttle and the retries see it. Tests give a clock whose `sleep` moves `now` on at
 * once, so what is measured is the waits asked for, not how fast the machine is.
 */
export type Clock = {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => (ms > 0 ? sleep(ms, undefined, { signal }) : Promise.resolve()),
};

export type Throttle = {
  /** Messages per second this throttle lets through. */
  readonly rate: number;
  /**
   * Waits until `count` messages may go (one call of a batch of 1,000 takes 1,000). Calls made
   * together are served in the order they were made; each waits for the ones before it.
   */
  take(count?: number, signal?: AbortSignal): Promise<void>;
};

/**
 * A provider's rate, shared by every call of the drivers given it (one per provider account and
 * process): a virtual schedule where each call books `count / rate` seconds after the previous
 * booking ends and waits for the start of its own. An idle throttle lets the next call go at once,
 * and over any stretch of time no more than `rate` messages a second (plus the one call going at
 * the start) get through. Several processes sending for one account each need their share of the
 * provider's rate.
 */
export const createThrottle = (rate: number, clock: Clock = systemClock): Throttle => {
  if (!(rate > 0) || !Number.isFinite(rate))
    throw new RangeError(`a throttle needs a positive rate, got ${rate}`);
  const intervalMs = 1000 / rate;
  /** When the last booking ends: the earliest start of the next call. */
  let free = Number.NEGATIVE_INFINITY;
  return {
    rate,
    async take(count = 1, signal) {
      if (count <= 0) return;
      const now = clock.now();
      const start = Math.max(now, free);
      free = start + count * intervalMs;
      await clock.sleep(start - now, signal);
    },
  };
};

export type RetryOptions = {
  /** Tries in all, the first included. */
  attempts: number;
  /** The back-off ceiling of the first retry; doubled for each one after it. */
  baseDelayMs: number;
  /** No back-off (before jitter) is longer than this. */
  maxDelayMs: number;
  /**
   * A Retry-After longer than this is not waited for here: the error is thrown for the caller (a
   * queued job) to come back later. Defaults to maxDelayMs.
   */
  maxRetryAfterMs?: number;
  /** Whether this failure may be tried again; by default a ProviderError that is retryable and not in doubt. */
  shouldRetry?: (error: unknown) => boolean;
  clock?: Clock;
  /** A number in [0, 1); Math.random unless a test fixes it. */
  random?: () => number;
  signal?: AbortSignal;
  /** Told of each wait before a retry (for logs and tests). */
  onRetry?: (details: { attempt: number; delayMs: number; error: unknown }) => void;
};

/**
 * A ProviderError that may be tried again without risk of sending twice: retryable and not in
 * doubt. A batch in doubt is the caller's to record, not to send again.
 */
export const retryableProviderError = (error: unknown) =>
  error instanceof ProviderError && error.retryable && !error.inDoubt;

/**
 * The wait before retry number `retry` (1 for the first): full jitter, a uniformly random wait
 * between 0 and min(maxDelay, base × 2^(retry − 1)), so callers refused together spread out
 * instead of coming back together; never shorter than the provider's Retry-After.
 */
export const backoffDelay = (
  retry: number,
  options: Pick<RetryOptions, 'baseDelayMs' | 'maxDelayMs'> & {
    random?: () => number;
    retryAfterMs?: number;
  },
) => {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** (retry - 1));
  const jittered = Math.floor((options.random ?? Math.random)() * ceiling);
  return Math.max(jittered, options.retryAfterMs ?? 0);
};

/** Runs `attempt` until it succeeds, fails for good, or the tries run out (the last error is thrown). */
export const withRetry = async <T>(
  attempt: (number: number) => Promise<T>,
  options: RetryOptions,
): Promise<T> => {
  const clock = options.clock ?? systemClock;
  const shouldRetry = options.shouldRetry ?? retryableProviderError;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? options.maxDelayMs;
  for (let number = 1; ; number += 1) {
    try {
      return await attempt(number);
    } catch (error) {
      if (number >= options.attempts || !shouldRetry(error)) throw error;
      const retryAfterMs = error instanceof ProviderError ? error.retryAfterMs : undefined;
      if (retryAfterMs !== undefined && retryAfterMs > maxRetryAfterMs) throw error;
      const delayMs = backoffDelay(number, { ...options, retryAfterMs });
      options.onRetry?.({ attempt: number, delayMs, error });
      await clock.sleep(delayMs, options.signal);
    }
  }
};
