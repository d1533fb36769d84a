/** A database the benchmark's server processes open: plain data, passed to them in the environment. */
export type ServerTarget = { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string };

/** A benchmarked address as the bare server answers it: Avlu's queries for it, in Avlu's order. */
export type BareRoute = {
  method: 'GET' | 'POST';
  url: string;
  list: boolean;
  queries: { text: string; params: unknown[] }[];
};
