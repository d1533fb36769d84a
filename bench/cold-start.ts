import { prepareFirstStart } from '../apps/server/src/db/first-start';
import { createFiles } from '../apps/server/src/platform/files/files';
import { benchApp, benchConfig } from './lib/app';
import type { BenchEngine } from './lib/engines';
import { type Figure, ms, timed } from './lib/timing';

/** First start on an empty database: open, migrate, seed demo malls and the admin, build the app. */
export const coldStart = async (engine: BenchEngine): Promise<Figure[]> => {
  const [total, parts] = await timed(async () => {
    const [open, database] = await timed(engine.open);
    try {
      const [migrate] = await timed(database.migrate);
      const [seed] = await timed(async () =>
        prepareFirstStart(database.db, benchConfig(), await createFiles(benchConfig(), database.db)),
      );
      const [app, instance] = await timed(() => benchApp(database));
      await instance.close();
      return { open, migrate, seed, app };
    } finally {
      await database.close();
    }
  });
  const detail = `open ${ms(parts.open)}, migrate ${ms(parts.migrate)}, seed ${ms(parts.seed)}, app ${ms(parts.app)}`;
  return [
    { engine: engine.name, benchmark: 'cold start, empty database', value: `${ms(total)} (${detail})` },
  ];
};
