/**
 * SQLSTATEs of a database that is away rather than of a bad query: class 08 (connection exception),
 * 57P01-57P03 (terminated by an administrator, crash, not accepting connections yet), 53300 (too many
 * connections) and 55000 as PostgreSQL raises it for a database closed with ALLOW_CONNECTIONS false.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** node-postgres and its pool say these without a code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|not currently accepting connections|Client has encountered a connection error/i;

/** True when the error (or one it wraps, as drizzle's query errors do) says the database could not be reached. */
export const isDatabaseUnavailable = (error: unknown): boolean => {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_NODE_CODES.has(code)))
      return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
};
