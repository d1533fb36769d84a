import { type Location, type LocationInput, SYSTEM_ADMIN_ROLE_NAME } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Logger } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { adminLocations, admins, roles } from '../src/modules/admins/admins.tables';
import { createSession } from '../src/modules/auth/sessions.service';
import { createLocation } from '../src/modules/locations/locations.service';
import { type Config, parseConfig } from '../src/platform/config';
import type { Database, DatabaseHandle } from '../src/platform/db/database';
import { nameKey } from '../src/platform/db/unique-names';
import type { Jobs } from '../src/platform/jobs';
import { hashPassword } from '../src/platform/passwords';
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
  /**
   * Serve from this open database (say, another test app's) instead of a fresh copy, for an app with
   * another configuration: a copy costs a second. The tests then keep apart by their own records;
   * `close()` leaves the database open.
   */
  database?: DatabaseHandle;
};

export type StaffOptions = {
  /** The system admin role (may do everything); else a role holding exactly `subjects`. */
  systemAdmin?: boolean;
  /** Module subjects of the role's menu_items, as a flat tree. */
  subjects?: readonly string[];
  /** Malls (or their ids) the user works for, in link order. */
  locations?: ReadonlyArray<Location | string>;
  email?: string;
  /** Defaults to TEST_PASSWORD. */
  password?: string;
};

/** A staff user made by `newStaff`, signed in: pass `headers` to `inject` to call as them. */
export type TestStaff = {
  _id: string;
  email: string;
  password: string;
  roleId: string;
  token: string;
  headers: { authorization: string };
};

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  config: Config;
  /** A new mall; every call makes a distinct one. */
  newLocation: (input?: Partial<LocationInput>) => Promise<Location>;
  /** A new admin with a new role, signed in with a fresh session (no login call, no rate limit). */
  newStaff: (options?: StaffOptions) => Promise<TestStaff>;
  /** One system admin per test app, made on first use. */
  systemAdmin: () => Promise<TestStaff>;
  /** Another session of an admin: `{ authorization: 'Bearer …' }`. */
  newSession: (adminId: string) => Promise<{ authorization: string }>;
  /** `app.inject` as the test app's system admin (its headers can be overridden, `authorization` too). */
  inject: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Signs in through POST /api/core/auth/login and answers the token; throws unless 200. */
  signIn: (email: string, password?: string, remember?: boolean) => Promise<string>;
  close: () => Promise<void>;
};

export const TEST_PASSWORD = 'test-password-1';

let locationCount = 0;
let staffCount = 0;
// argon2 costs tens of milliseconds: the default password is hashed once per test process.
let testPasswordHash: Promise<string> | undefined;
const passwordHash = (password: string) => {
  if (password !== TEST_PASSWORD) return hashPassword(password);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  return testPasswordHash;
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const staffFactory = (app: App, db: DatabaseHandle['db']) => {
  const newStaff = async (options: StaffOptions = {}): Promise<TestStaff> => {
    const count = ++staffCount;
    const password = options.password ?? TEST_PASSWORD;
    const email = options.email ?? `staff${count}-${process.pid}@avlu.test`;
    const roleName = options.systemAdmin ? SYSTEM_ADMIN_ROLE_NAME : `Test role ${count}`;
    const [existing] = options.systemAdmin
      ? await db.select({ _id: roles._id }).from(roles).where(eq(roles.role_name, roleName))
      : [];
    const roleId =
      existing?._id ??
      (
        await db
          .insert(roles)
          .values({
            role_name: roleName,
            role_name_key: nameKey(roleName),
            menu_items: (options.subjects ?? []).map((subject) => ({ subject })),
          })
          .returning({ _id: roles._id })
      )[0]!._id;
    const [admin] = await db
      .insert(admins)
      .values({
        admin_email: email,
        admin_password_hash: await passwordHash(password),
        admin_name: 'Test',
        admin_surname: `Staff ${count}`,
        admin_role_id: roleId,
      })
      .returning({ _id: admins._id });
    const locationIds = (options.locations ?? []).map((mall) => (typeof mall === 'string' ? mall : mall._id));
    // One row at a time, so the link order is the order given.
    for (const location_id of locationIds)
      await db.insert(adminLocations).values({ admin_id: admin!._id, location_id });
    const { token } = await createSession(db, admin!._id, { remember: false });
    return { _id: admin!._id, email, password, roleId, token: token.value, headers: bearer(token.value) };
  };
  let systemAdminStaff: Promise<TestStaff> | undefined;
  const systemAdmin = () => {
    systemAdminStaff ??= newStaff({ systemAdmin: true });
    return systemAdminStaff;
  };
  return {
    newStaff,
    systemAdmin,
    inject: async (options: InjectOptions) =>
      app.inject({ ...options, headers: { ...(await systemAdmin()).headers, ...options.headers } }),
    newSession: async (adminId: string) =>
      bearer((await createSession(db, adminId, { remember: false })).token.value),
    signIn: async (email: string, password = TEST_PASSWORD, remember = false) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/core/auth/login',
        payload: { admin_email: email, admin_password: password, remember },
      });
      if (response.statusCode !== 200)
        throw new Error(`sign-in of ${email}: ${response.statusCode} ${response.body}`);
      return response.json().token.value as string;
    },
  };
};

/** An app on its own empty database, in the style of fastify/demo's `build()`; `close()` releases both. */
export const buildTestApp = async (options: TestAppOptions = {}): Promise<TestContext> => {
  const database = options.database ?? (await openDatabase());
  const closeDatabase = options.database ? async () => {} : database.close;
  const config = testConfig(options.config);
  try {
    const app = await buildApp({
      config,
      db: database.db,
      notices: database.notices,
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
      ...staffFactory(app, database.db),
      close: async () => {
        await app.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await closeDatabase();
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

/** `db` counting the queries started with `select()`: whether a cache spared the database a read. */
export const countingSelects = (db: Database) => {
  const reads = { count: 0 };
  const counted = new Proxy(db, {
    get: (target, property, receiver) => {
      if (property === 'select') reads.count++;
      return Reflect.get(target, property, receiver);
    },
  }) as Database;
  return { db: counted, reads };
};
