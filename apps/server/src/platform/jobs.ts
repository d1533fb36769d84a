import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { SqlExecutor } from './db/database';

/**
 * The queues of the application and the data of their jobs. A feature adds its own with
 * `declare module '../../platform/jobs' { interface JobQueues { 'receipts.score': { receiptId: string } } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in each feature
export interface JobQueues {}

export type QueueName = keyof JobQueues & string;

export type Job<Q extends QueueName> = { id: string; queue: Q; data: JobQueues[Q] };

export type SendOptions = { startAfter?: Date | number; singletonKey?: string; retryLimit?: number };

/** Durable background work stored in the database: it survives restarts and is shared by every instance. */
export interface Jobs {
  send<Q extends QueueName>(queue: Q, data: JobQueues[Q], options?: SendOptions): Promise<string | null>;
  /** Handles each job of the queue; a thrown error fails the job, which pg-boss retries by its policy. */
  work<Q extends QueueName>(queue: Q, handler: (job: Job<Q>) => Promise<void>): Promise<void>;
  /** A cron schedule (in Europe/Istanbul unless `tz` says otherwise) that sends `data` to the queue. */
  schedule<Q extends QueueName>(
    queue: Q,
    cron: string,
    data: JobQueues[Q],
    options?: { tz?: string },
  ): Promise<void>;
  running(): boolean;
  stop(): Promise<void>;
}

/** Creating a queue that another process creates at the same moment is tried again this often. */
const QUEUE_CREATE_ATTEMPTS = 8;

export type JobsOptions = { queue: SqlExecutor; logger: Logger; pollingIntervalSeconds?: number };

export const startJobs = async ({
  queue,
  logger,
  pollingIntervalSeconds = 2,
}: JobsOptions): Promise<Jobs> => {
  const boss = new PgBoss({ db: queue as PgBoss.Db });
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  await boss.start();
  let running = true;
  // pg-boss 10 keeps each queue in its own partition, which must exist before a send or a worker.
  // Creating one attaches a partition, and two creations at once deadlock on PostgreSQL: this process
  // creates each once, and when another process starting at the same moment wins (a deadlock or a
  // duplicate for the loser), the loser looks again after a short random pause.
  const createQueue = async (name: string) => {
    for (let attempt = 1; ; attempt++) {
      if (await boss.getQueue(name)) return;
      try {
        await boss.createQueue(name);
        return;
      } catch (error) {
        if (attempt >= QUEUE_CREATE_ATTEMPTS) throw error;
        logger.warn({ err: error, queue: name, attempt }, 'job queue creation collided; retrying');
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 250 * attempt));
      }
    }
  };
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string) => {
    let ready = queues.get(name);
    if (!ready) {
      ready = createQueue(name);
      ready.catch(() => queues.delete(name));
      queues.set(name, ready);
    }
    return ready;
  };
  return {
    async send(name, data, options = {}) {
      await ensureQueue(name);
      return boss.send(name, data as object, options);
    },
    async work(name, handler) {
      await ensureQueue(name);
      await boss.work<JobQueues[typeof name]>(name, { pollingIntervalSeconds }, async (batch) => {
        for (const job of batch) await handler({ id: job.id, queue: name, data: job.data });
      });
    },
    async schedule(name, cron, data, options = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data as object, { tz: options.tz ?? 'Europe/Istanbul' });
    },
    running: () => running,
    async stop() {
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
};
