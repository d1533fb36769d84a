import { buildApp } from '../../apps/server/src/app';
import { parseConfig } from '../../apps/server/src/platform/config';
import type { DatabaseHandle } from '../../apps/server/src/platform/db/database';

export const benchConfig = () =>
  parseConfig({ DEMO_DATA: 'true', ADMIN_PASSWORD: 'bench-password', LOG_LEVEL: 'silent' });

/** The HTTP app on the database, without jobs or logging: what a request costs in the app itself. */
export const benchApp = async (database: DatabaseHandle) => {
  const app = await buildApp({
    config: benchConfig(),
    db: database.db,
    notices: database.notices,
    webDist: '/nonexistent',
  });
  await app.ready();
  return app;
};
