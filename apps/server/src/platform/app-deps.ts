import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database } from './db/database';
import type { Notices } from './db/notices';
import type { Files } from './files/files';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { SmsSender } from './sms';

/**
 * What the application is built from (app.ts's buildApp) and what every routes plugin receives as its
 * options. It lives here, not in app.ts, so that modules depend on the platform and never on the file
 * that mounts them.
 */
export type AppDeps = {
  config: Config;
  db: Database;
  /**
   * The database's NOTIFY (DatabaseHandle.notices): with it, signed-in sessions are kept in memory and
   * dropped on every process when they change (modules/auth/session-cache.ts); without it (benchmarks,
   * tools), every request reads its session.
   */
  notices?: Notices;
  /** Left out by tests that do not need the queue: starting pg-boss costs about a second. */
  jobs?: Jobs;
  /** No logger: the app logs nothing (tests). */
  logger?: Logger;
  /** The built web app to serve; defaults to apps/web/dist and is skipped when not built. */
  webDist?: string;
  /** Defaults to the driver the configuration picks: SMTP, or the development outbox. */
  mailer?: Mailer;
  /** Defaults to the driver the configuration picks: the SMS gateway, or the development outbox. */
  sms?: SmsSender;
  /** Defaults to the local disk under DATA_DIR/files. */
  files?: Files;
};
