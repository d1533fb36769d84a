import { createRequire } from 'node:module';
import pino, { type DestinationStream, type Logger, type LoggerOptions, stdSerializers } from 'pino';
import type { Config } from './config';
import { maskContactsInText, maskRecipient } from './log-masking';

const require = createRequire(import.meta.url);

const prettyAvailable = () => {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
};

/** Error fields that hold a query's bound values: drizzle's DrizzleQueryError `params`, node-postgres' `parameters`. */
const VALUE_FIELDS = new Set(['params', 'parameters']);
/** Fields a database error carries that say nothing of what went wrong: node-postgres puts its whole connection (statement texts, the cancel key) on `client`. */
const DROPPED_FIELDS = new Set(['client']);

/** Drops the values a database error repeats from its query, keeping what says what went wrong. */
const scrubText = (text: string, valueTexts: readonly string[]): string =>
  maskContactsInText(
    valueTexts
      .reduce((result, values) => result.split(values).join('\nparams: [redacted]'), text)
      // PostgreSQL repeats a value it could not read: invalid input syntax for type date: "31.02.1990".
      .replace(
        /(invalid input (?:syntax|value) for [^:"\n]+|out of range[^:"\n]*): "[^"\n]*"/g,
        '$1: "[redacted]"',
      )
      .replace(/value "[^"\n]*" is out of range/g, 'value "[redacted]" is out of range')
      // …and in `detail`: Key (location_id, customer_phone)=(…, +905321234567) already exists.
      .replace(/\)=\([^\n]*?\)( already exists| is not present| conflicts)/g, ')=([redacted])$1')
      .replace(/Failing row contains \([^\n]*\)/g, 'Failing row contains ([redacted])'),
  );

const scrub = (value: unknown, valueTexts: readonly string[], depth = 0): unknown => {
  if (typeof value === 'string') return scrubText(value, valueTexts);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, valueTexts, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DROPPED_FIELDS.has(key)) continue;
    out[key] = VALUE_FIELDS.has(key) ? '[redacted]' : scrub(item, valueTexts, depth + 1);
  }
  return out;
};

/** DrizzleQueryError's message (and so its stack, and a wrapper's) reads "Failed query: <sql>\nparams: <values>". */
const paramsTexts = (error: unknown): string[] => {
  const texts: string[] = [];
  for (let item = error, depth = 0; item && typeof item === 'object' && depth < 5; depth++) {
    const { params, cause } = item as { params?: unknown; cause?: unknown };
    if (Array.isArray(params) && params.length > 0) texts.push(`\nparams: ${params}`);
    item = cause;
  }
  return texts;
};

/**
 * Any logged `err` loses the bound values of a failed query on both engines (drizzle wraps
 * node-postgres and PGlite errors alike in DrizzleQueryError, whose message lists them) and any
 * phone or email in its texts, so a 500 never writes a customer's phone, name or birth date.
 */
export const serializeError = (error: unknown): unknown =>
  scrub(stdSerializers.err(error as Error), paramsTexts(error));

/** Query values (a keyword may be a phone or a name) and token-like path segments (reset links) stay out. */
export const scrubUrl = (url: string): string => {
  const [path = '', query] = url.split('?', 2);
  const safePath = path.replace(/\/[A-Za-z0-9_-]{32,}(?=\/|$)/g, '/[token]');
  if (query === undefined) return safePath;
  const keys = query.split('&').map((pair) => `${pair.split('=', 1)[0]}=…`);
  return `${safePath}?${keys.join('&')}`;
};

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Contact fields masked wherever a log call names them, as a backstop to masking at the call site. */
const CONTACT_PATHS = ['to', 'email', 'phone', 'customer_phone', 'admin_email', 'customer_email'];

/** The options every Avlu logger has; `createLogger` uses them, tests build loggers on a stream with them. */
export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  serializers: {
    err: serializeError,
    error: serializeError,
    req: (request: LoggedRequest) => ({
      method: request.method,
      url: request.url === undefined ? undefined : scrubUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
  redact: {
    paths: [...CONTACT_PATHS, ...CONTACT_PATHS.map((path) => `*.${path}`)],
    censor: (value: unknown) => (typeof value === 'string' ? maskRecipient(value) : '[redacted]'),
  },
});

/**
 * JSON lines for machines; readable lines for a developer at a terminal (pino-pretty is a dev
 * dependency). `destination` is for tests that read what was logged.
 */
export const createLogger = (
  config: Pick<Config, 'logLevel' | 'production'>,
  destination?: DestinationStream,
): Logger => {
  const options = loggerOptions(config.logLevel);
  if (destination) return pino(options, destination);
  const pretty = process.stdout.isTTY && !config.production && prettyAvailable();
  if (pretty)
    return pino({
      ...options,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss' } },
    });
  // Written asynchronously, in writes of at least 4 KB or every quarter second, whichever comes first:
  // under load one write carries dozens of request lines instead of one each (a write per line was a
  // twentieth of a health check's CPU), and a quiet server's lines are out within 250 ms. pino
  // flushes what is left when the process ends.
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 }));
};
