import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withDatabaseName } from '../../../test/database';
import { rowsOf } from '../../platform/db/database';
import type { CrashChildInput } from './dispatch.crash-child';
import {
  addCustomers,
  markInProgress,
  messagesOf,
  notificationRow,
  useDispatchApp,
} from './dispatch.fixtures';
import { notifications } from './marketing.tables';

/**
 * Issue 16 #3, "a message is sent at most once, even when a worker is killed", with a real kill: the
 * dispatch worker runs in a child process (dispatch.crash-child.ts) and is SIGKILLed while the local
 * NetGSM holds one of its batches without answering (it took the numbers; the worker cannot know).
 * A second process then sends the rest. The gateway must have got every recipient's message exactly
 * once: none twice (the batch in flight is recorded in doubt and never resent), none missing.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('dispatch killed mid-send (PostgreSQL)', () => {
  const context = useDispatchApp();

  const child = (input: CrashChildInput) => {
    const process_ = fork(
      path.join(import.meta.dirname, 'dispatch.crash-child.ts'),
      [JSON.stringify(input)],
      {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const answer = new Promise<{ state?: string; exit: number | null; signal: string | null }>((resolve) => {
      let state: string | undefined;
      process_.on('message', (message: { state?: string }) => {
        state = message.state;
      });
      process_.once('exit', (exit, signal) => resolve({ state, exit, signal }));
    });
    return { process: process_, answer };
  };

  const until = async (condition: () => boolean, worker: ChildProcess) => {
    while (!condition()) {
      if (worker.exitCode !== null) throw new Error(`the worker ended (${worker.exitCode}) before the kill`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('SIGKILLed with a batch at the gateway: after a restart every recipient has exactly one message, and only that batch is in doubt', {
    timeout: 240_000,
  }, async () => {
    const { ctx, gateway } = context;
    const mall = await ctx.newLocation();
    const recipients = await addCustomers(ctx, mall, 1500);
    const [row] = await ctx.database.db
      .insert(notifications)
      .values({
        location_id: mall._id,
        notification_kind: 'sms',
        sms_notification_title: 'Hafta sonu',
        sms_notification_text: 'Hafta sonu tüm mağazalarda %20 indirim!',
        customer_ids: [],
      })
      .returning({ _id: notifications._id });
    const id = row!._id;
    await markInProgress(ctx, id);
    const [database] = rowsOf<{ name: string }>(
      await ctx.database.db.execute(sql`select current_database() as name`),
    );
    const input: CrashChildInput = {
      databaseUrl: withDatabaseName(process.env.TEST_DATABASE_URL!, database!.name),
      gateway: gateway.config,
      notificationId: id,
      batchSize: 100,
      leaseMs: 600_000,
    };
    const requestsBefore = gateway.requests();
    const sentBefore = gateway.sentCount();
    // Five batches answered, the sixth taken and never answered: the worker waits on it when killed.
    gateway.behaveNext(...Array.from({ length: 5 }, () => ({ kind: 'accept' as const })), {
      kind: 'take-and-hang',
    });
    const first = child(input);
    await until(() => gateway.requests() - requestsBefore >= 6, first.process);
    first.process.kill('SIGKILL');
    expect(await first.answer).toMatchObject({ signal: 'SIGKILL', state: undefined });
    expect(gateway.sentCount() - sentBefore).toBe(600);
    const stuck = (await messagesOf(ctx, id)).filter((message) => message.message_state === 'sending');
    expect(stuck).toHaveLength(100);

    // The restart: the killed process is gone, so its lease is taken as passed.
    const second = child({ ...input, leaseMs: 0 });
    expect(await second.answer).toMatchObject({ exit: 0, state: 'sent' });

    const messages = await messagesOf(ctx, id);
    const inDoubt = messages.filter((message) => message.message_state === 'in_doubt');
    expect(inDoubt.map((message) => message._id).sort()).toEqual(stuck.map((message) => message._id).sort());
    expect(messages.filter((message) => message.message_state === 'sent')).toHaveLength(1400);
    // No duplicates (the batch in doubt was not sent again), no gaps (it had reached the gateway).
    expect(gateway.sentMoreThanOnce()).toEqual([]);
    expect(gateway.sentCount() - sentBefore).toBe(1500);
    for (const recipient of recipients) expect(gateway.timesSentTo(recipient.phone)).toBe(1);
    expect(await notificationRow(ctx, id)).toMatchObject({
      notification_state: 'sent',
      notification_recipient_count: 1500,
      notification_sent_count: 1400,
      notification_in_doubt_count: 100,
    });
  });
});
