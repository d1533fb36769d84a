import { vi } from 'vitest';

/**
 * vi.waitFor and vi.waitUntil give up after 1 s unless a test says otherwise: too soon on a busy
 * 2-core machine for what the server does after answering (a mail, a freed slot). This is the one
 * place their default is set; a test passes a timeout only to wait longer still.
 */
const WAIT_MS = 15_000;

const withDefault = <O extends { timeout?: number }>(options: number | O | undefined) =>
  typeof options === 'number' ? options : { timeout: WAIT_MS, ...options };

// Test files share the worker's modules (isolate: false), so this runs once per worker.
const patched = Symbol.for('avlu.test.waitDefaults');
if (!(patched in vi)) {
  const { waitFor, waitUntil } = vi;
  Object.assign(vi, {
    [patched]: true,
    waitFor: ((callback, options) => waitFor(callback, withDefault(options))) as typeof waitFor,
    waitUntil: ((callback, options) => waitUntil(callback, withDefault(options))) as typeof waitUntil,
  });
}
