import type { Location, LocationInput } from '@avlu/contracts';
import type { Logger } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { createLocation } from '../src/modules/locations/locations.service';
import { type Config, parseConfig } from '../src/platform/config';
import type { DatabaseHandle } from '../src/platform/db/database';
import type { Jobs } from '../src/platform/jobs';
import { openTestDatabase } from './database';

export type App = Awaited<ReturnType<typeof buildApp>>;

/** The configuration of a test app: defaults, demo data off, and the given overrides. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...parseConfig({ DEMO_DATA: 'false', ADMIN_PASSWORD: 'test-password' }),
  ...overrides,
});

/** A fresh migrated database of the run's engine (PGlite or PostgreSQL); close it when done. */
export const openDatabase = (): Promise<DatabaseHandle> => openTestDatabase(inject('testDatabaseSource'));

export type TestAppOptions = {
  config?: Partial<Config>;
  jobs?: Jobs;
  logger?: Logger;
  webDist?: string;
  /** Registers extra routes (under any prefix) before the app is ready, to test platform mechanics. */
  routes?: (app: App) => void;
};

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** A new mall; every call makes a distinct one. */
  newLocation: (input?: Partial<LocationInput>) => Promise<Location>;
  close: () => Promise<void>;
};

let locationCount = 0;

/** An app on its own empty database, in the style of fastify/demo's `build()`; `close()` releases both. */
export const buildTestApp = async (options: TestAppOptions = {}): Promise<TestContext> => {
  const database = await openDatabase();
  const config = testConfig(options.config);
  try {
    const app = await buildApp({
      config,
      db: database.db,
      jobs: options.jobs,
      logger: options.logger,
      webDist: options.webDist ?? '/nonexistent-web-dist',
    });
    options.routes?.(app);
    await app.ready();
    return {
      app,
      database,
      config,
      newLocation: (input = {}) =>
        createLocation(database.db, { location_name: `Test AVM ${++locationCount}`, ...input }),
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
};

/**
 * One test app for the tests of a file (or describe block): built before them, closed after them.
 * The returned object is filled in by `beforeAll`, so read it inside tests only.
 */
export const useTestApp = (options: TestAppOptions = {}): TestContext => {
  const context = {} as TestContext;
  beforeAll(async () => {
    Object.assign(context, await buildTestApp(options));
  });
  afterAll(() => context.close?.());
  return context;
};
