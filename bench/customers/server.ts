import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { admins } from '../../apps/server/src/modules/admins/admins.tables';
import { createSession } from '../../apps/server/src/modules/auth/sessions.service';
import { locations } from '../../apps/server/src/modules/locations/locations.tables';
import { benchApp } from '../lib/app';
import { BENCH_MALL, type BenchTarget, openTarget } from './databases';

/**
 * The app in a process of its own (forked by customers.ts): it opens the bench database, listens on
 * a free local port and answers the parent's messages. The parent is the HTTP client, so the
 * process's peak RSS (getrusage maxrss) is the server's alone: app, driver and, on PGlite, the
 * embedded database.
 */
export type ServerMessage =
  | { type: 'ready'; port: number; token: string; locationId: string; rssMiB: number }
  | { type: 'memory'; peakRssMiB: number; rssMiB: number; peakHeapMiB: number; peakExternalMiB: number };
export type ParentMessage = { type: 'memory' } | { type: 'close' };

const mib = (bytes: number) => bytes / 1024 / 1024;
const send = (message: ServerMessage) => process.send?.(message);

/** Where the memory goes: V8's heap and the buffers outside it, sampled while the process runs. */
const peaks = { heap: 0, external: 0 };
setInterval(() => {
  const usage = process.memoryUsage();
  peaks.heap = Math.max(peaks.heap, usage.heapUsed);
  // `external` already counts ArrayBuffers (Buffers included).
  peaks.external = Math.max(peaks.external, usage.external);
}, 100).unref();

const target = JSON.parse(process.argv[2] ?? '') as BenchTarget;
const database = await openTarget(target);
const app = await benchApp(database);
await app.listen({ host: '127.0.0.1', port: 0 });
const [admin] = await database.db.select({ _id: admins._id }).from(admins).limit(1);
const { token } = await createSession(database.db, admin!._id, { remember: true });
const [mall] = await database.db
  .select({ _id: locations._id })
  .from(locations)
  .where(eq(locations.location_name, BENCH_MALL));

process.on('message', async (message: ParentMessage) => {
  if (message.type === 'memory')
    send({
      type: 'memory',
      peakRssMiB: process.resourceUsage().maxRSS / 1024,
      rssMiB: mib(process.memoryUsage().rss),
      peakHeapMiB: mib(peaks.heap),
      peakExternalMiB: mib(peaks.external),
    });
  else {
    await app.close();
    await database.close();
    process.exit(0);
  }
});
send({
  type: 'ready',
  port: (app.server.address() as AddressInfo).port,
  token: token.value,
  locationId: mall!._id,
  rssMiB: mib(process.memoryUsage().rss),
});
