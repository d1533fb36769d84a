import { eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { startJobs } from '../../platform/jobs';
import { mailOutbox } from '../../platform/mail/mail-outbox.tables';
import { smsOutbox } from '../../platform/sms/sms-outbox.tables';
import { loginThrottles } from '../auth/login-throttles.tables';
import { rateLimitCounters } from '../auth/rate-limits.tables';
import { adminSessions } from '../auth/sessions.tables';
import { codeValidationFixtures } from '../campaigns/code-validation.fixtures';
import { couponCodeHolds } from '../campaigns/code-validation.tables';
import { customers } from '../customers/customers.tables';
import { CUSTOMER_SESSION_IDLE_MS } from '../micro-site/customer-sessions.service';
import { customerSessions, smsPhoneStates } from '../micro-site/micro-site.tables';
import { cleanUp, scheduleMaintenance } from './maintenance';

const ctx = useTestApp();
const DAY = 86_400_000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
let count = 0;
const unique = () => `${process.pid}-${++count}`;

const idsLeft = async <T extends { _id: string }>(rows: T[], table: typeof smsOutbox | typeof mailOutbox) =>
  (
    await ctx.database.db
      .select({ _id: table._id })
      .from(table)
      .where(
        inArray(
          table._id,
          rows.map((row) => row._id),
        ),
      )
  ).map((row) => row._id);

describe('cleanUp', () => {
  it('drops outbox rows older than OUTBOX_RETENTION_DAYS and keeps newer ones', async () => {
    const days = ctx.config.retention.outboxDays;
    const sms = await ctx.database.db
      .insert(smsOutbox)
      .values([
        { to: '+905320000001', text: 'old', created_at: ago((days + 1) * DAY) },
        { to: '+905320000002', text: 'new', created_at: ago((days - 1) * DAY) },
      ])
      .returning();
    const mail = await ctx.database.db
      .insert(mailOutbox)
      .values([
        { to: 'old@ornek.com', subject: 's', html: 'h', text: 't', created_at: ago((days + 1) * DAY) },
        { to: 'new@ornek.com', subject: 's', html: 'h', text: 't', created_at: ago((days - 1) * DAY) },
      ])
      .returning();
    const removed = await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, now);
    expect(removed.smsOutbox).toBeGreaterThanOrEqual(1);
    expect(await idsLeft(sms, smsOutbox)).toEqual([sms[1]!._id]);
    expect(await idsLeft(mail, mailOutbox)).toEqual([mail[1]!._id]);
  });

  it('drops staff and customer sessions SESSION_RETENTION_DAYS after they ended, and keeps live ones', async () => {
    const days = ctx.config.retention.sessionDays;
    const staff = await ctx.newStaff();
    const session = (values: Partial<typeof adminSessions.$inferInsert>) => ({
      admin_id: staff._id,
      token_hash: unique(),
      expires_at: new Date(now.getTime() + DAY),
      client_address: '203.0.113.9',
      ...values,
    });
    const staffRows = await ctx.database.db
      .insert(adminSessions)
      .values([
        session({ expires_at: ago((days + 1) * DAY) }),
        session({ revoked_at: ago((days + 1) * DAY) }),
        session({ expires_at: ago((days - 1) * DAY) }),
        session({ revoked_at: ago(DAY) }),
        session({}),
      ])
      .returning({ _id: adminSessions._id });
    const mall = await ctx.newLocation();
    const [customer] = await ctx.database.db
      .insert(customers)
      .values({ location_id: mall._id, customer_phone: '+905320001234' })
      .returning();
    const customerSession = (values: Partial<typeof customerSessions.$inferInsert>) => ({
      customer_id: customer!._id,
      location_id: mall._id,
      token_hash: unique(),
      location_token_hash: 'x',
      user_agent: 'Probe/1',
      ...values,
    });
    const idleEnded = ago(CUSTOMER_SESSION_IDLE_MS + (days + 1) * DAY);
    const customerRows = await ctx.database.db
      .insert(customerSessions)
      .values([
        customerSession({ revoked_at: ago((days + 1) * DAY) }),
        customerSession({ last_used_at: idleEnded, created_at: idleEnded }),
        customerSession({ revoked_at: ago((days - 1) * DAY) }),
        customerSession({ last_used_at: ago(CUSTOMER_SESSION_IDLE_MS - DAY) }),
        customerSession({}),
      ])
      .returning({ _id: customerSessions._id });
    await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, now);
    const left = async (table: typeof adminSessions | typeof customerSessions, rows: { _id: string }[]) =>
      (
        await ctx.database.db
          .select({ _id: table._id })
          .from(table)
          .where(
            inArray(
              table._id,
              rows.map((row) => row._id),
            ),
          )
      )
        .map((row) => row._id)
        .sort();
    const ids = (rows: { _id: string }[]) => rows.map((row) => row._id).sort();
    expect(await left(adminSessions, staffRows)).toEqual(ids(staffRows.slice(2)));
    expect(await left(customerSessions, customerRows)).toEqual(ids(customerRows.slice(2)));
  });

  it('drops rate-limit counters whose window is long over, and keeps recent ones', async () => {
    const [old, recent] = [`test:old:${unique()}`, `test:recent:${unique()}`];
    await ctx.database.db.insert(rateLimitCounters).values([
      { key: old, window_start: ago(8 * DAY), count: 3 },
      { key: recent, window_start: ago(DAY), count: 3 },
    ]);
    await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, now);
    const keys = (
      await ctx.database.db
        .select({ key: rateLimitCounters.key })
        .from(rateLimitCounters)
        .where(inArray(rateLimitCounters.key, [old, recent]))
    ).map((row) => row.key);
    expect(keys).toEqual([recent]);
  });

  it('drops code validation holds that have ended and keeps live ones', async () => {
    const { newCampaign, newCode } = codeValidationFixtures(ctx);
    const mall = await ctx.newLocation();
    const campaign = await newCampaign(mall._id);
    const [ended, live] = [await newCode(campaign), await newCode(campaign)];
    const clerk = await ctx.newStaff({ locations: [mall] });
    await ctx.database.db.insert(couponCodeHolds).values([
      { coupon_code_id: ended._id, admin_id: clerk._id, held_at: ago(600_000), expires_at: ago(300_000) },
      { coupon_code_id: live._id, admin_id: clerk._id, held_at: ago(60_000), expires_at: ago(-240_000) },
    ]);
    const removed = await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, now);
    expect(removed.couponCodeHolds).toBe(1);
    const left = await ctx.database.db
      .select({ _id: couponCodeHolds.coupon_code_id })
      .from(couponCodeHolds)
      .where(inArray(couponCodeHolds.coupon_code_id, [ended._id, live._id]));
    expect(left).toEqual([{ _id: live._id }]);
  });

  it('drops staff sign-in throttles whose window and lock are over, and keeps recent or locked ones', async () => {
    const [old, recent, locked] = [
      `pair:old-${unique()}`,
      `pair:recent-${unique()}`,
      `account:locked-${unique()}`,
    ];
    await ctx.database.db.insert(loginThrottles).values([
      { key: old, window_start: ago(3 * DAY), failures: 4 },
      { key: recent, window_start: ago(60_000), failures: 2 },
      {
        key: locked,
        window_start: ago(3 * DAY),
        failures: 100,
        blocked_until: new Date(now.getTime() + DAY),
      },
    ]);
    await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, now);
    const keys = (
      await ctx.database.db
        .select({ key: loginThrottles.key })
        .from(loginThrottles)
        .where(inArray(loginThrottles.key, [old, recent, locked]))
    ).map((row) => row.key);
    expect(keys.sort()).toEqual([locked, recent].sort());
  });

  it('drops phone states past their windows, and keeps recent, locked, live-code and recent-streak ones', async () => {
    const phone = (n: number) => `+9053299900${String(n).padStart(2, '0')}`;
    await ctx.database.db.insert(smsPhoneStates).values([
      { phone: phone(1), updated_at: ago(2 * DAY), sends: [ago(2 * DAY).getTime()] },
      { phone: phone(2), updated_at: ago(2 * DAY), locked_until: ago(DAY) },
      { phone: phone(3), updated_at: ago(DAY / 2), sends: [ago(DAY / 2).getTime()] },
      { phone: phone(4), updated_at: ago(2 * DAY), locked_until: new Date(now.getTime() + DAY) },
      { phone: phone(5), updated_at: ago(2 * DAY), code_expires_at: new Date(now.getTime() + 60_000) },
      { phone: phone(6), updated_at: ago(2 * DAY), failures_in_row: 9 },
      { phone: phone(7), updated_at: ago(8 * DAY), failures_in_row: 9 },
    ]);
    await cleanUp(ctx.database.db, ctx.app.files.store, ctx.config, now);
    const left = (
      await ctx.database.db
        .select({ phone: smsPhoneStates.phone })
        .from(smsPhoneStates)
        .where(inArray(smsPhoneStates.phone, [1, 2, 3, 4, 5, 6, 7].map(phone)))
    )
      .map((row) => row.phone)
      .sort();
    expect(left).toEqual([phone(3), phone(4), phone(5), phone(6)]);
  });
});

describe('the maintenance job', () => {
  it('is scheduled nightly and cleans up when it runs', { timeout: 90_000 }, async () => {
    const jobs = await startJobs({
      queue: ctx.database.queue,
      logger: pino({ level: 'silent' }),
      pollingIntervalSeconds: 0.5,
    });
    try {
      await scheduleMaintenance(
        jobs,
        ctx.database.db,
        ctx.app.files.store,
        ctx.config,
        pino({ level: 'silent' }),
      );
      const schedules = await ctx.database.queue.executeSql('select name, cron from pgboss.schedule');
      expect(schedules.rows).toContainEqual({ name: 'maintenance.clean-up', cron: '15 4 * * *' });
      const [old] = await ctx.database.db
        .insert(smsOutbox)
        .values({ to: '+905320000009', text: 'old', created_at: ago(400 * DAY) })
        .returning();
      await jobs.send('maintenance.clean-up', {});
      await vi.waitFor(
        async () =>
          expect(await ctx.database.db.select().from(smsOutbox).where(eq(smsOutbox._id, old!._id))).toEqual(
            [],
          ),
        { timeout: 60_000, interval: 200 },
      );
    } finally {
      await jobs.stop();
    }
  });
});
