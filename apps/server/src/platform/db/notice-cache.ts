import type { Notices } from './notices';

export type NoticeCache<Value> = {
  /** The value kept for `key`, else what `read` gives (kept when the rules below allow). */
  get: (key: string, read: () => Promise<Value | undefined>) => Promise<Value | undefined>;
  /** Stops listening (the app closes). */
  close: () => void;
};

/**
 * Rows few and seldom changed that every request reads (the malls), kept in this process's memory
 * and all dropped when a notice on `channel` says any of them changed (a trigger sends it, so no
 * writer can forget). As exact as reading every time, by the rules of the staff session cache
 * (modules/auth/session-cache.ts): nothing is kept or served while the listening connection is
 * down, everything is dropped when it goes down and when it is back, a read that a notice overtook
 * is not kept, a miss is never kept (a new row is found at once), and a request that changed a row
 * is answered only after its process heard the notice (app.ts `settle`).
 */
export const noticeCache = async <Value>(
  notices: Notices,
  channel: string,
  { maxEntries, maxAgeMs }: { maxEntries: number; maxAgeMs: number },
): Promise<NoticeCache<Value>> => {
  const kept = new Map<string, { value: Value; keptAt: number }>();
  /** Counts notices heard: a read is kept only if none came while it ran. */
  let heard = 0;
  const forgetAll = () => {
    heard++;
    kept.clear();
  };
  const close = await notices.listen(channel, { onNotice: forgetAll, onGap: forgetAll });
  const get = async (key: string, read: () => Promise<Value | undefined>) => {
    const live = notices.live();
    const entry = live ? kept.get(key) : undefined;
    if (entry && Date.now() - entry.keptAt < maxAgeMs) return entry.value;
    const before = heard;
    const value = await read();
    if (value !== undefined && live && notices.live() && heard === before) {
      if (kept.size >= maxEntries) kept.clear();
      kept.set(key, { value, keptAt: Date.now() });
    }
    return value;
  };
  return { get, close };
};
