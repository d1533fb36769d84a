import autocannon from 'autocannon';

export type LoadResult = { perSecond: number; p50: number; p99: number };

export type LoadRequest = {
  port: number;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export const LOAD = { connections: 20, seconds: 6, warmUpSeconds: 2 };

const once = (request: LoadRequest, connections: number, seconds: number) =>
  autocannon({
    url: `http://127.0.0.1:${request.port}${request.path}`,
    method: request.method,
    headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: request.body,
    connections,
    duration: seconds,
  });

/**
 * Answers per second and latency of one address under LOAD.connections callers; several targets
 * (processes) share the callers and their answers add up. Any answer but 200 fails the run: a figure
 * for refusals would measure work never done.
 */
export const load = async (targets: LoadRequest[]): Promise<LoadResult> => {
  const connections = Math.max(1, Math.round(LOAD.connections / targets.length));
  await Promise.all(targets.map((target) => once(target, connections, LOAD.warmUpSeconds)));
  const results = await Promise.all(targets.map((target) => once(target, connections, LOAD.seconds)));
  for (const [index, result] of results.entries()) {
    const refused = result.non2xx + result.errors + result.timeouts;
    if (refused > 0)
      throw new Error(`${targets[index]!.method} ${targets[index]!.path}: ${refused} answers were not 200`);
  }
  const total = results.reduce((sum, result) => sum + result.requests.total, 0);
  // Latencies of several targets: the worst target's percentiles (they run side by side).
  return {
    perSecond: total / LOAD.seconds,
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
  };
};
