import { prepareFirstStart } from '../apps/server/src/db/first-start';
import { locations } from '../apps/server/src/modules/locations/locations.tables';
import { benchApp, benchConfig } from './lib/app';
import type { BenchEngine } from './lib/engines';
import { type Figure, latency, sample } from './lib/timing';

const CALLS = 2000;

/** In-process request latency (app.inject: routing, validation, hooks, query, serialisation; no socket). */
export const apiLatency = async (engine: BenchEngine): Promise<Figure[]> => {
  const database = await engine.open();
  try {
    await database.migrate();
    await prepareFirstStart(database.db, benchConfig());
    await database.db
      .insert(locations)
      .values(Array.from({ length: 200 }, (_, index) => ({ location_name: `Bench AVM ${index}` })));
    const app = await benchApp(database);
    try {
      const call = (url: string) => () => app.inject({ url, headers: { 'accept-language': 'tr' } });
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
