import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Location } from '@avlu/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, testConfig } from '../../../test/helper';
import { prepareFirstStart } from '../../db/first-start';
import { createFiles } from '../../platform/files/files';
import { mallToday } from '../customers/mall-date';
import { locations } from '../locations/locations.tables';
import { answerFigures, directFigures } from './dashboard.fixtures';
import { foldDashboardDeltas, mallDashboard } from './dashboard.service';

const dataDir = await mkdtemp(path.join(tmpdir(), 'avlu-dashboard-demo-'));
const database = await openDatabase();
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the dashboard of the demo malls', () => {
  it('shows every figure of both demo malls on a new machine, as their tables give them', async () => {
    const { db } = database;
    await prepareFirstStart(
      db,
      testConfig({ demoData: true }),
      await createFiles(testConfig({ dataDir }), db),
    );
    const malls = await db.select().from(locations);
    expect(malls).toHaveLength(2);
    // As seeded (the deltas the triggers wrote), and once the job has folded them.
    for (const fold of [false, true]) {
      if (fold) expect(await foldDashboardDeltas(db)).toBeGreaterThan(0);
      for (const row of malls) {
        const mall = { _id: row._id, location_meta: { timezone: row.timezone } } as Location;
        const currentYear = Number(mallToday(mall).slice(0, 4));
        for (const interval of ['all_time', 'last_30_days'] as const) {
          const answer = await mallDashboard(db, mall, { interval });
          const days = answer.dashboard_from
            ? { from: answer.dashboard_from, to: answer.dashboard_to }
            : null;
          const {
            months: _months,
            storesAll: _s,
            campaignsAll: _c,
            ...direct
          } = await directFigures(db, mall, days, currentYear);
          expect(answerFigures(answer, 'value'), `${row.location_name} ${interval}`).toEqual(direct);
          if (interval !== 'all_time') continue;
          // Something to see in every chart of a new machine's demo malls.
          const figures = answerFigures(answer, 'value');
          for (const key of [
            'customers',
            'receipts',
            'receiptAmount',
            'pointsEarned',
            'pointsBurned',
            'gifts',
            'sms',
            'email',
            'push',
            'reservations',
            'lendings',
          ] as const)
            expect(figures[key], `${row.location_name} ${key}`).toBeGreaterThan(0);
          for (const value of Object.values(figures.consents)) expect(value).toBeGreaterThan(0);
          expect(answer.dashboard_top_stores.length).toBeGreaterThan(3);
          expect(answer.dashboard_top_stores.every((store) => store.store_name !== '')).toBe(true);
          expect(answer.dashboard_top_campaigns.length).toBeGreaterThan(0);
          expect(answer.dashboard_customers_by_year.length).toBeGreaterThan(0);
        }
      }
    }
  });
});
