import { performance } from 'node:perf_hooks';

/** Milliseconds the call took. */
export const timed = async <T>(call: () => Promise<T>): Promise<[ms: number, result: T]> => {
  const start = performance.now();
  const result = await call();
  return [performance.now() - start, result];
};

/** Runs the call `count` times after `warmUp` unmeasured runs; answers each run's milliseconds. */
export const sample = async (count: number, call: () => Promise<unknown>, warmUp = Math.ceil(count / 10)) => {
  for (let index = 0; index < warmUp; index++) await call();
  const samples: number[] = [];
  for (let index = 0; index < count; index++) samples.push((await timed(call))[0]);
  return samples;
};

export const percentile = (samples: readonly number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

export type Figure = { engine: string; benchmark: string; value: string };

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

export const latency = (samples: readonly number[]) =>
  `p50 ${ms(percentile(samples, 50))}, p95 ${ms(percentile(samples, 95))} (${samples.length} calls)`;
