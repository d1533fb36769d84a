import path from 'node:path';
import { issuesToFields } from '@avlu/contracts';
import { z } from 'zod';

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['true', 'false', '1', '0']))
  .transform((value) => value === 'true' || value === '1');

const environment = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  ADMIN_EMAIL: z.email().min(6).max(265).default('admin@avlu.local'),
  ADMIN_PASSWORD: z.string().min(6).max(200).optional(),
  DEMO_DATA: flag.optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('development'),
});

export type Config = {
  port: number;
  host: string;
  /** Absolute; a relative DATA_DIR is taken from the process's working directory. */
  dataDir: string;
  /** Unset: the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  admin: { email: string; password: string | undefined };
  demoData: boolean;
  publicUrl: string | undefined;
  logLevel: z.infer<typeof environment>['LOG_LEVEL'];
  production: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Reads the settings from environment variables; an empty variable counts as unset (as compose files leave them). */
export const parseConfig = (env: Record<string, string | undefined>, cwd = process.cwd()): Config => {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = environment.safeParse(present);
  if (!result.success) {
    const fields = issuesToFields(result.error.issues, 'en');
    throw new ConfigError(Object.entries(fields).map(([name, message]) => `${name}: ${message}`));
  }
  const values = result.data;
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(cwd, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    admin: { email: values.ADMIN_EMAIL.toLowerCase(), password: values.ADMIN_PASSWORD },
    // Demo malls make the embedded quick start useful at once; a real server starts clean unless asked.
    demoData: values.DEMO_DATA ?? values.DATABASE_URL === undefined,
    publicUrl: values.PUBLIC_URL,
    logLevel: values.LOG_LEVEL,
    production: values.NODE_ENV === 'production',
  };
};

/** parseConfig for the process: a bad value is reported on stderr and the process exits with 1. */
export const loadConfig = (): Config => {
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
};
