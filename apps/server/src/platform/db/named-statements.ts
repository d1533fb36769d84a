import pg from 'pg';

/** Distinct statements a process names; later ones stay unnamed (each connection keeps what it parses). */
const MAX_NAMED = 300;
/** A text is named on its third run, so one-off filter combinations do not take the names. */
const RUNS_BEFORE_NAMING = 2;
/** Unnamed texts whose runs are counted; the count starts over when it is full. */
const MAX_COUNTED = 5_000;

/**
 * Names for statement texts, shared by every connection of the process: the same text always gets
 * the same name, so a connection that has parsed it skips PostgreSQL's parse and plan.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly runs = new Map<string, number>();

  constructor(
    private readonly maxNamed = MAX_NAMED,
    private readonly runsBeforeNaming = RUNS_BEFORE_NAMING,
  ) {}

  /** The name to run `text` under, or undefined while it is not (yet, or ever) named. */
  nameOf(text: string): string | undefined {
    const name = this.names.get(text);
    if (name || this.names.size >= this.maxNamed) return name;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs <= this.runsBeforeNaming) {
      if (this.runs.size >= MAX_COUNTED) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    const named = `avlu_${this.names.size}`;
    this.names.set(text, named);
    return named;
  }

  get size(): number {
    return this.names.size;
  }
}

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };

/** A statement that only reads: one `select` (a `with` may hide a write, so it counts as one). */
const READS = /^\s*select\b/i;
const isConfig = (value: unknown): value is QueryConfig =>
  typeof value === 'object' && value !== null && typeof (value as QueryConfig).text === 'string';

/**
 * A node-postgres client that runs each repeated statement with parameters as a named one. Drizzle
 * builds list queries anew per request and sends them unnamed, so PostgreSQL parsed and planned the
 * same text on every call (a page of campaigns spent more there than in reading its rows). Only
 * statements with parameters are named: those without may hold several commands (migrations,
 * `begin`), which the extended protocol refuses. Plans follow PostgreSQL's `plan_cache_mode`: custom
 * plans for the first runs, a generic one only where it costs no more.
 *
 * It also tells `onWrite` of every statement that may change rows (anything but a `select`, a Query
 * object included), before sending it: a request that sent none cannot have caused a notice (see
 * `Notices.writesSent`).
 */
export const namingClient = (
  names: StatementNames,
  onWrite: () => void = () => undefined,
): typeof pg.Client =>
  class NamingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (text, config or Query; values; callback)
    override query(config: any, values?: any, callback?: any): any {
      const run = super.query.bind(this) as (
        config: unknown,
        values?: unknown,
        callback?: unknown,
      ) => unknown;
      const text = typeof config === 'string' ? config : isConfig(config) ? config.text : undefined;
      if (text === undefined || !READS.test(text)) onWrite();
      if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameOf(config);
        if (name) return run({ name, text: config }, values, callback);
      } else if (isConfig(config) && config.name === undefined && typeof config.submit !== 'function') {
        const parameters = Array.isArray(values) ? values : config.values;
        if (parameters && parameters.length > 0) {
          const name = names.nameOf(config.text);
          if (name) return run({ ...config, name }, values, callback);
        }
      }
      return run(config, values, callback);
    }
  };
