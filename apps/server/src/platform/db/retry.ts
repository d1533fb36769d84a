export type RetryOptions = {
  /** Give up (throwing the last error) once this much time has passed since the first attempt. */
  timeoutMs: number;
  /** The first wait; each next wait doubles, up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Told before each wait, to say in the log what is being waited for. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  /** Injectable for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, waiting longer after each failure (exponential back-off): a
 * database that starts after the server (compose, a failover, a rolling restart) is waited for
 * instead of ending the process at its first refused connection.
 */
export const retryWithBackoff = async <T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> => {
  const { timeoutMs, firstDelayMs = 250, maxDelayMs = 10_000, sleep = wait, now = Date.now } = options;
  const deadline = now() + timeoutMs;
  for (let tries = 1, delay = firstDelayMs; ; tries++, delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      return await attempt();
    } catch (error) {
      const left = deadline - now();
      if (left <= 0) throw error;
      const pause = Math.min(delay, left);
      options.onRetry?.(error, tries, pause);
      await sleep(pause);
    }
  }
};
