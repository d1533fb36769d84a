import type { Location } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addCustomers,
  markInProgress,
  messagesOf,
  notificationRow,
  useDispatchApp,
} from './dispatch.fixtures';
import { createSenders } from './dispatch.senders';
import { createDispatcher } from './dispatch.worker';
import { notifications } from './marketing.tables';

/**
 * Dispatch racing itself and dying mid-batch (issue 16 #3: "a message is sent at most once, even when
 * a worker is killed"), on PostgreSQL, where workers really run at once.
 */
describe.runIf(process.env.TEST_ENGINE === 'postgres')('dispatch on PostgreSQL', () => {
  const context = useDispatchApp();
  let mall: Location;
  beforeAll(async () => {
    mall = await context.ctx.newLocation();
  });

  const newSms = async () => {
    const [row] = await context.ctx.database.db
      .insert(notifications)
      .values({
        location_id: mall._id,
        notification_kind: 'sms',
        sms_notification_title: 'Hafta sonu',
        sms_notification_text: `Hafta sonu indirimi ${Math.random()}`,
        customer_ids: [],
      })
      .returning({ _id: notifications._id });
    await markInProgress(context.ctx, row!._id);
    return row!._id;
  };
  const dispatcher = () =>
    createDispatcher({
      db: context.ctx.database.db,
      config: context.ctx.config,
      senders: createSenders(context.ctx.config),
    });

  it('four workers sending one notification at once never send a message twice', {
    timeout: 180_000,
  }, async () => {
    const { ctx, gateway } = context;
    // Customers of this test only: a mall of its own, so the segment is exactly them.
    mall = await ctx.newLocation();
    const recipients = await addCustomers(ctx, mall, 600);
    const id = await newSms();
    const before = gateway.sentCount();
    const states = await Promise.all(
      Array.from({ length: 4 }, () => dispatcher().run(id, { batchSize: 25 })),
    );
    expect(states).toContain('sent');
    expect(gateway.sentMoreThanOnce()).toEqual([]);
    expect(gateway.sentCount() - before).toBe(600);
    for (const recipient of recipients) expect(gateway.timesSentTo(recipient.phone)).toBe(1);
    const messages = await messagesOf(ctx, id);
    expect(messages).toHaveLength(600);
    expect(messages.every((message) => message.message_state === 'sent')).toBe(true);
    // Several workers took batches.
    expect(new Set(messages.map((message) => message.message_batch)).size).toBeGreaterThanOrEqual(24);
    expect(await notificationRow(ctx, id)).toMatchObject({
      notification_state: 'sent',
      notification_recipient_count: 600,
      notification_sent_count: 600,
    });
  });

  it('a worker killed after claiming a batch: a restart sends every other message once and records that batch in doubt', {
    timeout: 180_000,
  }, async () => {
    const { ctx, gateway } = context;
    mall = await ctx.newLocation();
    const recipients = await addCustomers(ctx, mall, 300);
    const id = await newSms();
    const before = gateway.sentCount();
    let claims = 0;
    let killedBatch: string[] = [];
    let survivor: Promise<string | undefined> | undefined;
    // Two workers at once: the second starts when the first has claimed its first batch, and the
    // first dies (throws) right after its second claim, before the provider call.
    const killed = dispatcher()
      .run(id, {
        batchSize: 20,
        afterClaim: (_batch, ids) => {
          claims += 1;
          if (claims === 1) survivor = dispatcher().run(id, { batchSize: 20 });
          if (claims === 2) {
            killedBatch = ids;
            throw new Error('worker killed');
          }
        },
      })
      .then(
        () => 'finished',
        (error: Error) => error.message,
      );
    expect(await killed).toBe('worker killed');
    // The survivor cannot take the dead worker's batch (its lease has not passed): the notification stays open.
    expect(await survivor).toBeUndefined();
    expect(claims).toBe(2);
    expect((await notificationRow(ctx, id)).notification_state).toBe('send_in_progress');
    expect(killedBatch).toHaveLength(20);
    const stuck = (await messagesOf(ctx, id)).filter((message) => message.message_state === 'sending');
    expect(stuck.map((message) => message._id).sort()).toEqual([...killedBatch].sort());

    // The restart: the lease of the dead worker's batch has passed.
    expect(await dispatcher().run(id, { leaseMs: 0 })).toBe('sent');
    const messages = await messagesOf(ctx, id);
    const inDoubt = messages.filter((message) => message.message_state === 'in_doubt');
    expect(inDoubt.map((message) => message._id).sort()).toEqual([...killedBatch].sort());
    expect(messages.filter((message) => message.message_state === 'sent')).toHaveLength(280);
    // No duplicates, no gaps: every other recipient got exactly one, the in-doubt batch none (it never left).
    expect(gateway.sentMoreThanOnce()).toEqual([]);
    expect(gateway.sentCount() - before).toBe(280);
    const doubtful = new Set(inDoubt.map((message) => message.customer_id));
    for (const recipient of recipients)
      expect(gateway.timesSentTo(recipient.phone)).toBe(doubtful.has(recipient._id) ? 0 : 1);
    expect(await notificationRow(ctx, id)).toMatchObject({
      notification_state: 'sent',
      notification_sent_count: 280,
      notification_in_doubt_count: 20,
    });
    // Nothing in doubt is sent by a later run either.
    await ctx.database.db
      .update(notifications)
      .set({ notification_state: 'send_in_progress' })
      .where(eq(notifications._id, id));
    await dispatcher().run(id, { leaseMs: 0 });
    expect(gateway.sentCount() - before).toBe(280);
  });
});
