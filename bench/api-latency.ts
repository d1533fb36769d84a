import { prepareFirstStart } from '../apps/server/src/db/first-start';
import { admins } from '../apps/server/src/modules/admins/admins.tables';
import { createSession } from '../apps/server/src/modules/auth/sessions.service';
import { locations } from '../apps/server/src/modules/locations/locations.tables';
import { nameKey } from '../apps/server/src/platform/db/unique-names';
import { createFiles } from '../apps/server/src/platform/files/files';
import { benchApp, benchConfig } from './lib/app';
import type { BenchEngine } from './lib/engines';
import { type Figure, latency, sample } from './lib/timing';

const CALLS = 2000;

/** In-process request latency (app.inject: routing, validation, hooks, query, serialisation; no socket). */
export const apiLatency = async (engine: BenchEngine): Promise<Figure[]> => {
  const database = await engine.open();
  try {
    await database.migrate();
    await prepareFirstStart(database.db, benchConfig(), await createFiles(benchConfig(), database.db));
    await database.db.insert(locations).values(
      Array.from({ length: 200 }, (_, index) => ({
        location_name: `Bench AVM ${index}`,
        location_name_key: nameKey(`Bench AVM ${index}`),
      })),
    );
    // The list is the system admin's: time signed-in calls, as the back-office makes them.
    const [admin] = await database.db.select({ _id: admins._id }).from(admins).limit(1);
    const { token } = await createSession(database.db, admin!._id, { remember: true });
    const headers = { 'accept-language': 'tr', authorization: `Bearer ${token.value}` };
    const app = await benchApp(database);
    try {
      const call = (url: string) => async () => {
        const response = await app.inject({ url, headers });
        // Timing a refusal would print a figure for work that was never done.
        if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}`);
      };
      const health = await sample(CALLS, call('/api/health'));
      const list = await sample(CALLS, call('/api/core/locations?limit=10&currentPage=3'));
      const search = await sample(
        CALLS,
        call('/api/core/locations?keyword=avm%2019&orderBy=createdAt&order=desc'),
      );
      return [
        { engine: engine.name, benchmark: 'GET /api/health', value: latency(health) },
        { engine: engine.name, benchmark: 'GET /api/core/locations (page 3 of 202)', value: latency(list) },
        { engine: engine.name, benchmark: 'GET /api/core/locations (keyword, sort)', value: latency(search) },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
};
