import type { QrCodeDeepLink, ScanPlatform } from '@avlu/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../platform/db/database';
import type { Notices } from '../../platform/db/notices';
import { LOCATIONS_CHANNEL } from '../locations/locations.service';
import { locations } from '../locations/locations.tables';
import { qrCodeScans, qrCodes } from './qr-codes.tables';

/**
 * The redirect page's answer (GET /qrcode/deeplink/{qrCodeId}?locationId) comes from memory: a poster
 * scanned by a crowd asks the same question thousands of times, and a phone waiting on the database
 * waits before it opens the app. With the database's notices, every process forgets all it keeps
 * when a code's campaign or mall changes, a code goes (qr-code-notices.sql) or a mall changes its app
 * addresses (location-notices.sql), and when the listening connection drops or comes back; a read
 * that a notice overtook is not kept. An answer is also kept at most `ttlMs`, the bound without
 * notices. An unknown code is remembered as unknown too, briefly, so made-up ids cost one query each
 * per interval. The map is bounded: past `maxEntries` the oldest entry goes.
 */
export type DeepLinks = {
  find(qrCodeId: string, locationId: string, now?: number): Promise<QrCodeDeepLink | undefined>;
  forget(qrCodeId: string): void;
};

/** The channel qr-code-notices.sql sends to when a code's deep link may have changed. */
export const QR_CODES_CHANNEL = 'avlu_qr_codes';

type Entry = { links: QrCodeDeepLink | undefined; until: number; qrCodeId: string };

/** An app address that opens the code's campaign: the campaign rides along as a query parameter. */
const withCampaign = (url: string | null, campaignId: string) => {
  if (!url) return null;
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}campaignId=${encodeURIComponent(campaignId)}`;
};

export const createDeepLinks = async (
  db: Database,
  {
    notices,
    ttlMs = 30_000,
    unknownTtlMs = 5_000,
    maxEntries = 20_000,
  }: { notices?: Notices; ttlMs?: number; unknownTtlMs?: number; maxEntries?: number } = {},
): Promise<DeepLinks & { close(): void }> => {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<QrCodeDeepLink | undefined>>();
  /** Counts notices heard: a read is kept only if none came while it ran. */
  let heard = 0;
  const forgetAll = () => {
    heard++;
    entries.clear();
  };
  const listening = { onNotice: forgetAll, onGap: forgetAll };
  const stops = notices
    ? [await notices.listen(QR_CODES_CHANNEL, listening), await notices.listen(LOCATIONS_CHANNEL, listening)]
    : [];

  const load = async (qrCodeId: string, locationId: string) => {
    const [row] = await db
      .select({
        campaignId: qrCodes.qr_code_campaign_id,
        androidApp: locations.android_app,
        androidStore: locations.android_store,
        iosApp: locations.ios_app,
        iosStore: locations.ios_store,
        fallbackUrl: locations.fallback_url,
      })
      .from(qrCodes)
      .innerJoin(locations, eq(locations._id, qrCodes.location_id))
      .where(and(eq(qrCodes._id, qrCodeId), eq(qrCodes.location_id, locationId)));
    if (!row) return undefined;
    return {
      fallbackUrl: row.fallbackUrl,
      androidApp: withCampaign(row.androidApp, row.campaignId),
      androidStore: row.androidStore,
      iosApp: withCampaign(row.iosApp, row.campaignId),
      iosStore: row.iosStore,
    };
  };

  return {
    async find(qrCodeId, locationId, now = Date.now()) {
      const key = `${qrCodeId}:${locationId}`;
      const kept = entries.get(key);
      if (kept && kept.until > now) return kept.links;
      // Concurrent first scans share one query.
      let loading = pending.get(key);
      if (!loading) {
        const before = heard;
        loading = load(qrCodeId, locationId)
          .then((links) => {
            if (heard === before) {
              entries.delete(key);
              entries.set(key, { links, qrCodeId, until: now + (links ? ttlMs : unknownTtlMs) });
              if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
            }
            return links;
          })
          .finally(() => pending.delete(key));
        pending.set(key, loading);
      }
      return loading;
    },
    forget(qrCodeId) {
      for (const [key, entry] of entries) if (entry.qrCodeId === qrCodeId) entries.delete(key);
    },
    close() {
      for (const stop of stops) stop();
    },
  };
};

/** The platform of a scan, from its user agent. */
export const scanPlatform = (userAgent: string | undefined): ScanPlatform => {
  if (!userAgent) return 'other';
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  if (/windows|macintosh|x11|linux|cros/i.test(userAgent)) return 'desktop';
  return 'other';
};

/** The scan's language: the first of Accept-Language when it is a language tag, else none. */
export const scanLanguage = (acceptLanguage: string | undefined): string | null => {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase();
  return first && /^[a-z]{2,3}(-[a-z0-9]{2,8})?$/.test(first) ? first : null;
};

type Scan = { qr_code_id: string; scan_at: Date; scan_platform: ScanPlatform; scan_language: string | null };

/**
 * Scans are counted without holding up the redirect: `record` only queues the scan, and a flush
 * (every `intervalMs`, at `batchSize` queued, and when the server closes) writes them in one
 * transaction, the rows and each code's count together. A process that dies loses at most its last
 * interval's scans, which a count of visits can bear; a flush that fails is logged and dropped rather
 * than retried forever. The queue is bounded: while `maxQueued` scans wait (the database is down),
 * further scans are not counted, and the redirect still answers.
 */
export type ScanRecorder = {
  record(scan: Scan): void;
  flush(): Promise<void>;
  close(): Promise<void>;
};

export const createScanRecorder = (
  db: Database,
  logger?: Pick<Logger, 'error'>,
  { intervalMs = 1000, batchSize = 500, maxQueued = 100_000 } = {},
): ScanRecorder => {
  let queued: Scan[] = [];
  let flushing: Promise<void> = Promise.resolve();

  const writeScans = async (scans: Scan[]) => {
    const counts = new Map<string, number>();
    for (const scan of scans) counts.set(scan.qr_code_id, (counts.get(scan.qr_code_id) ?? 0) + 1);
    await db.transaction(async (tx) => {
      const live = new Set<string>();
      for (const [id, count] of counts) {
        const [row] = await tx
          .update(qrCodes)
          .set({ qr_code_scan_count: sql`${qrCodes.qr_code_scan_count} + ${count}` })
          .where(eq(qrCodes._id, id))
          .returning({ _id: qrCodes._id });
        if (row) live.add(row._id);
      }
      const rows = scans.filter((scan) => live.has(scan.qr_code_id));
      if (rows.length) await tx.insert(qrCodeScans).values(rows);
    });
  };

  const flush = () => {
    flushing = flushing.then(async () => {
      while (queued.length) {
        const scans = queued.slice(0, batchSize);
        queued = queued.slice(batchSize);
        try {
          await writeScans(scans);
        } catch (error) {
          logger?.error({ err: error, scans: scans.length }, 'QR code scans not recorded');
        }
      }
    });
    return flushing;
  };

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    record(scan) {
      if (queued.length >= maxQueued) return;
      queued.push(scan);
      if (queued.length === batchSize) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
};
