import type { Clock } from './throttle';

/**
 * A clock for tests: `sleep` records the wait asked for and moves `now` on by it at once, so a
 * test reads the waits (and the times calls went) without waiting, whatever the machine's speed.
 */
export const fakeClock = (start = Date.UTC(2026, 10, 28, 9, 0, 0)) => {
  let now = start;
  const sleeps: number[] = [];
  const clock: Clock & { sleeps: number[]; advance(ms: number): void; elapsed(): number } = {
    now: () => now,
    async sleep(ms) {
      sleeps.push(ms);
      if (ms > 0) now += ms;
    },
    sleeps,
    advance(ms) {
      now += ms;
    },
    elapsed: () => now - start,
  };
  return clock;
};
