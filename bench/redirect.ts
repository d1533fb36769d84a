import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import { insertCampaign } from '../apps/server/src/modules/campaigns/campaign.fixtures';
import { createLocation } from '../apps/server/src/modules/locations/locations.service';
import { locations } from '../apps/server/src/modules/locations/locations.tables';
import { qrCodes } from '../apps/server/src/modules/qr-codes/qr-codes.tables';
import { benchApp } from './lib/app';
import type { BenchEngine } from './lib/engines';
import type { Figure } from './lib/timing';

/** Spec: the deep-link answer of the redirect page within 50 ms at the 99th percentile. */
const P99_BUDGET_MS = 50;
const CONNECTIONS = 20;
const WARM_UP_SECONDS = 2;
const SECONDS = 6;
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

/**
 * A poster's QR code scanned by a crowd (issue 17 #5): GET /api/qrcode/deeplink/{id}?locationId over
 * a real socket, 20 callers at once for 6 s after a 2 s warm-up, each answer counting a scan. Then the
 * scans counted against the answers given: the queue loses none.
 */
export const redirects = async (engine: BenchEngine): Promise<Figure[]> => {
  const database = await engine.open();
  try {
    await database.migrate();
    const mall = await createLocation(database.db, { location_name: 'Bench AVM' });
    await database.db
      .update(locations)
      .set({
        android_app: 'benchavm://home',
        android_store: 'https://play.google.com/store/apps/details?id=com.benchavm',
        ios_app: 'benchavm://home',
        ios_store: 'https://apps.apple.com/tr/app/benchavm/id1',
        fallback_url: 'https://benchavm.example.com',
      })
      .where(eq(locations._id, mall._id));
    const campaign = await insertCampaign(database.db, mall._id);
    const [code] = await database.db
      .insert(qrCodes)
      .values({
        location_id: mall._id,
        qr_code_title: 'Giris-Afisi',
        qr_code_type: 'campaign_detail',
        qr_code_campaign_id: campaign._id,
        qr_code_generation: 'automatic',
      })
      .returning();
    const app = await benchApp(database);
    let answered = 0;
    let result: autocannon.Result;
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const run = (duration: number) =>
        autocannon({
          url: `http://127.0.0.1:${port}/api/qrcode/deeplink/${code!._id}?locationId=${mall._id}`,
          headers: { 'user-agent': ANDROID, 'accept-language': 'tr-TR' },
          connections: CONNECTIONS,
          duration,
        });
      const warm = await run(WARM_UP_SECONDS);
      result = await run(SECONDS);
      for (const each of [warm, result]) {
        const refused = each.non2xx + each.errors + each.timeouts;
        if (refused > 0) throw new Error(`deep link: ${refused} answers were not 200`);
        answered += each['2xx'];
      }
    } finally {
      // Closing the app writes the scans still queued.
      await app.close();
    }
    const [counted] = await database.db
      .select({ scans: qrCodes.qr_code_scan_count })
      .from(qrCodes)
      .where(eq(qrCodes._id, code!._id));
    const p99 = result.latency.p99;
    return [
      {
        engine: engine.name,
        benchmark: `QR redirect: GET /api/qrcode/deeplink (${CONNECTIONS} callers, ${SECONDS} s)`,
        value: `${Math.round(result.requests.total / SECONDS)} redirects/s, p50 ${result.latency.p50} ms, p99 ${p99} ms (budget ${P99_BUDGET_MS} ms: ${p99 <= P99_BUDGET_MS ? 'met' : 'MISSED'})`,
      },
      {
        engine: engine.name,
        benchmark: 'QR redirect: scans counted / answers the callers received',
        // The server also answers the calls in flight when the callers stop, which they never read.
        value: `${counted!.scans} / ${answered}${counted!.scans >= answered ? ' (none lost)' : ' (LOST SOME)'}`,
      },
    ];
  } finally {
    await database.close();
  }
};
