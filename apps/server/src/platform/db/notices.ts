import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Logger } from 'pino';

/** What a listener hears: each notice's payload, and a gap when notices may have been missed. */
export type NoticeListener = {
  onNotice: (payload: string) => void;
  /** The listening connection was lost (or is back): notices in between are unknown. */
  onGap: () => void;
};

/**
 * PostgreSQL's NOTIFY, heard by every server process on the database: how one process tells the
 * others that what they keep in memory is stale. Channels are sent to by triggers (see
 * modules/auth/staff-access-notices.sql) or `pg_notify`.
 */
export type Notices = {
  /** Starts hearing a channel; answers the function that stops. */
  listen: (channel: string, listener: NoticeListener) => Promise<() => void>;
  /** False while the listening connection is down: anything kept fresh by notices must not be trusted. */
  live: () => boolean;
  /**
   * Resolves once every notice committed on the channel before this call has been heard here: a
   * writer calls it after its change and before it tells anyone the change is done, so that this
   * process no longer serves what the change made stale. (Notices reach a listener in commit order.)
   */
  heardAll: (channel: string) => Promise<void>;
  /**
   * How many statements that may change rows (anything but a `select`) this process has sent so far.
   * Notices come only from changes: a request during which this did not move changed nothing, so it
   * need not wait for `heardAll` (reads do not pay a notice's round trip).
   */
  writesSent: () => number;
  close: () => Promise<void>;
};

/** The identifier a channel name must be: the channel names are ours, never a caller's. */
const CHANNEL = /^[a-z_][a-z0-9_]*$/;

const listenersOf = () => {
  const channels = new Map<string, Set<NoticeListener>>();
  return {
    channels,
    add: (channel: string, listener: NoticeListener) => {
      if (!CHANNEL.test(channel)) throw new Error(`bad notice channel ${channel}`);
      const set = channels.get(channel) ?? new Set();
      channels.set(channel, set);
      set.add(listener);
      return set.size === 1;
    },
    remove: (channel: string, listener: NoticeListener) => channels.get(channel)?.delete(listener),
    notice: (channel: string, payload: string) => {
      for (const listener of channels.get(channel) ?? []) listener.onNotice(payload);
    },
    gap: () => {
      for (const set of channels.values()) for (const listener of set) listener.onGap();
    },
  };
};

/**
 * PGlite runs in this process: its notices of a transaction are handed out (as microtasks) while the
 * committing statement's answer is read, so a listener has heard them before the writer goes on.
 */
export const pgliteNotices = (lite: PGlite): Notices => {
  const listeners = listenersOf();
  const stops: (() => Promise<void>)[] = [];
  return {
    listen: async (channel, listener) => {
      if (listeners.add(channel, listener))
        stops.push(await lite.listen(channel, (payload) => listeners.notice(channel, payload)));
      return () => listeners.remove(channel, listener);
    },
    live: () => true,
    // Already so: PGlite hands a transaction's notices out before its commit is answered.
    heardAll: async () => undefined,
    // Nothing to wait for whatever was written: no request ever needs heardAll here.
    writesSent: () => 0,
    close: async () => {
      await Promise.all(stops.map((stop) => stop().catch(() => undefined)));
    },
  };
};

const RECONNECT_MS = { first: 100, max: 5_000 };
/** How long heardAll waits for its own notice to come back before treating it as a gap. */
const HEARD_ALL_TIMEOUT_MS = 2_000;

/**
 * One connection of its own (not the pool's: a pooled client goes back to the pool between queries)
 * that LISTENs to every channel asked for. When it is lost, listeners are told (a gap) and `live()` is
 * false until a new connection listens again, then they are told once more: a notice sent while
 * nobody listened is lost, so what it would have refreshed is dropped on both sides of the gap.
 */
export const postgresNotices = (
  connectionString: string,
  send: (channel: string, payload: string) => Promise<unknown>,
  writesSent: () => number,
  logger?: Logger,
): Notices => {
  const listeners = listenersOf();
  /** heardAll's own notices, by payload: each is the mark that everything before it was heard. */
  const marks = new Map<string, () => void>();
  /** The connection is lost: the listeners were told of a gap, so no waiter needs to wait any more. */
  const releaseMarks = () => {
    for (const mark of [...marks.values()]) mark();
  };
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let closed = false;
  let delay = RECONNECT_MS.first;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      const payload = message.payload ?? '';
      const mark = marks.get(payload);
      if (mark) mark();
      else listeners.notice(message.channel, payload);
    });
    next.on('error', (error) => {
      if (client !== next) return;
      logger?.warn({ err: error }, 'notice connection lost; reconnecting');
      client = undefined;
      listeners.gap();
      releaseMarks();
      next.end().catch(() => undefined);
      if (!closed) scheduleReconnect();
    });
    next.on('end', () => {
      if (client !== next || closed) return;
      client = undefined;
      listeners.gap();
      releaseMarks();
      scheduleReconnect();
    });
    await next.connect();
    try {
      for (const channel of listeners.channels.keys()) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_MS.first;
    listeners.gap();
  };

  const scheduleReconnect = () => {
    if (connecting || closed) return;
    connecting = (async () => {
      while (!closed && !client) {
        await new Promise((resolve) => setTimeout(resolve, delay).unref());
        delay = Math.min(delay * 2, RECONNECT_MS.max);
        await connect().catch((error) => logger?.warn({ err: error }, 'notice connection failed; retrying'));
      }
    })().finally(() => {
      connecting = undefined;
    });
  };

  return {
    listen: async (channel, listener) => {
      if (listeners.add(channel, listener)) {
        if (client) await client.query(`LISTEN ${channel}`);
        else if (!connecting)
          await connect().catch((error) => {
            logger?.warn({ err: error }, 'notice connection failed; retrying');
            scheduleReconnect();
          });
      }
      return () => listeners.remove(channel, listener);
    },
    live: () => client !== undefined,
    heardAll: async (channel) => {
      if (!client) return;
      const payload = `heard:${randomUUID()}`;
      const heard = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          // Not back in time: the connection may be failing. Whatever it would have covered is dropped.
          listeners.gap();
          done();
        }, HEARD_ALL_TIMEOUT_MS);
        const done = () => {
          clearTimeout(timer);
          marks.delete(payload);
          resolve();
        };
        marks.set(payload, done);
      });
      await send(channel, payload).catch(() => marks.get(payload)?.());
      await heard;
    },
    writesSent,
    close: async () => {
      closed = true;
      releaseMarks();
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
};
