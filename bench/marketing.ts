import { type ChildProcess, fork } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { type SQL, sql } from 'drizzle-orm';
import { bundleServer } from '../apps/server/build.mjs';
import { createLocation } from '../apps/server/src/modules/locations/locations.service';
import { encryptCredentials } from '../apps/server/src/modules/marketing/account-credentials';
import { startTestFcmServer } from '../apps/server/src/modules/marketing/drivers/test-fcm-server';
import { notifications } from '../apps/server/src/modules/marketing/marketing.tables';
import { providerAccounts } from '../apps/server/src/modules/marketing/marketing-accounts.tables';
import { type DatabaseHandle, rowsOf } from '../apps/server/src/platform/db/database';

import { startTestSmtpServer } from '../apps/server/src/platform/mail/test-smtp-server';
import { startTestSmsGateway } from '../apps/server/src/platform/sms/test-sms-gateway';
import { type BenchTarget, benchDir, migrationsFingerprint, openTarget } from './customers/databases';
import { onServer } from './lib/engines';
import type { Figure } from './lib/timing';
import type { WorkerInput, WorkerMessage } from './marketing/worker';

/**
 * `npm run bench -- marketing [postgres|pglite]` (issue 16 #11): a campaign to a million customers,
 * sent by the server's own dispatch (marketing/worker.ts, bundled as the server ships, in a process
 * of its own) through the mall's provider accounts to local servers speaking the providers'
 * protocols, on a database of its own (`avlu_bench_marketing` on the PostgreSQL server, and
 * .bench/marketing-pglite):
 *
 * - SMS to the local NetGSM gateway (REST v2 bulk, 1,000 numbers a call): the time to write the
 *   message rows, sends per second, the worker's peak RSS. Targets (PostgreSQL): ≥ 5,000/s, ≤ 300 MB.
 * - Push to the local FCM server (HTTP v1, one call per device token), the same figures.
 * - Email to the local SMTP server (pooled connections): ≥ 500/s.
 * - The crash test: the worker SIGKILLed mid-send, then started again; the gateway counts numbers
 *   that got a message twice (target: none outside the batch recorded in doubt) and recipients who
 *   got nothing although their message was not in doubt (target: none).
 *
 * The accounts' rate is set far above the targets, so the figures are the dispatch's, not a throttle's.
 * PGlite runs a smaller campaign (BENCH_MARKETING_PGLITE, 100,000 unless set): one process holds the
 * embedded database, and the figure is its rate. Other work on the machine shows in the load average
 * printed beside each figure.
 */
const RECIPIENTS = {
  postgres: Number(process.env.BENCH_MARKETING_POSTGRES ?? 1_000_000),
  pglite: Number(process.env.BENCH_MARKETING_PGLITE ?? 100_000),
};
/** Customers with an email address (the email campaign's recipients). */
const MAIL_RECIPIENTS = { postgres: 20_000, pglite: 5_000 };
/** The crash test's campaign, and the share sent when the worker is killed. */
const CRASH_RECIPIENTS = { postgres: 200_000, pglite: 50_000 };
const KILL_AT = 0.4;
const TARGETS = { smsPerSecond: 5_000, pushPerSecond: 5_000, mailPerSecond: 500, peakRssMiB: 300 };
const DB_NAME = 'avlu_bench_marketing';
const MALL = 'Avlu Bench AVM (pazarlama)';

const log = (line: string) => console.error(line);
const query = async <T>(db: DatabaseHandle['db'], statement: SQL) => rowsOf<T>(await db.execute(statement));
const load = () =>
  `load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;
const count = (value: number) => value.toLocaleString('en');

type Prepared = { locationId: string; generation: string };

/**
 * The bench mall with `total` customers (each with a phone, SMS and email consent and a device
 * token; the first MAIL_RECIPIENTS with an email address), generated in set-based SQL once per
 * migrations and size, kept between runs.
 */
const prepare = async (handle: DatabaseHandle, total: number, mail: number): Promise<Prepared> => {
  const { db } = handle;
  await handle.migrate();
  await db.execute(sql`create schema if not exists bench`);
  await db.execute(sql`create table if not exists bench.meta (key text primary key, value text not null)`);
  const stamp = `${await migrationsFingerprint()}:${total}:${mail}`;
  const [meta] = await query<{ value: string }>(
    db,
    sql`select value from bench.meta where key = 'marketing'`,
  );
  const [mall] = await query<{ _id: string }>(
    db,
    sql`select _id from locations where location_name = ${MALL}`,
  );
  if (meta?.value.startsWith(`${stamp}|`) && mall)
    return { locationId: mall._id, generation: `reused; made in ${meta.value.split('|')[1]}` };
  const started = Date.now();
  if (mall) await db.execute(sql`delete from locations where _id = ${mall._id}`);
  const { _id: locationId } = await createLocation(db, {
    location_name: MALL,
    location_meta: { timezone: 'Europe/Istanbul' },
    location_logo: { thumbnail: null },
    hasMobileApp: true,
  });
  const CHUNK = 100_000;
  for (let from = 1; from <= total; from += CHUNK) {
    const to = Math.min(total, from + CHUNK - 1);
    await db.execute(sql`
      insert into customers (_id, location_id, customer_phone, customer_email, customer_name, customer_surname,
        customer_sms_permission, customer_email_permission, customer_kvkk_permission)
      select 'b0' || lpad(to_hex(g), 22, '0'), ${locationId}, '+90530' || lpad(g::text, 7, '0'),
        case when g <= ${mail} then 'musteri' || g || '@bench.example.com' end, 'Müşteri', 'Bench ' || g,
        true, true, true
      from generate_series(${from}::int, ${to}::int) g`);
    await db.execute(sql`
      insert into customer_push_tokens (_id, location_id, customer_id, push_token, push_token_platform, push_token_language)
      select 'b1' || lpad(to_hex(g), 22, '0'), ${locationId}, 'b0' || lpad(to_hex(g), 22, '0'),
        'bench-device-' || g, 'android', case when g % 5 = 0 then 'en' else 'tr' end
      from generate_series(${from}::int, ${to}::int) g`);
    log(`  ${count(to)} customers`);
  }
  for (const table of ['customers', 'customer_facts', 'customer_push_tokens'])
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  const generation = `${((Date.now() - started) / 1000).toFixed(1)} s`;
  await db.execute(sql`insert into bench.meta values ('marketing', ${`${stamp}|${generation}`})
    on conflict (key) do update set value = excluded.value`);
  return { locationId, generation };
};

let bundled: Promise<string> | undefined;
const bundledWorker = () => {
  bundled ??= (async () => {
    const outfile = path.join(import.meta.dirname, '../apps/server/dist/bench/marketing-worker.mjs');
    await bundleServer(path.join(import.meta.dirname, 'marketing/worker.ts'), outfile);
    return outfile;
  })();
  return bundled;
};

type Run = {
  child: ChildProcess;
  written: Promise<WorkerMessage & { type: 'written' }>;
  done: Promise<WorkerMessage & { type: 'done' }>;
};

/** The dispatch worker on its own process for one notification. */
const startWorker = async (input: WorkerInput): Promise<Run> => {
  const child = fork(await bundledWorker(), [JSON.stringify(input)], { execArgv: [], stdio: 'inherit' });
  let written!: (message: WorkerMessage & { type: 'written' }) => void;
  let done!: (message: WorkerMessage & { type: 'done' }) => void;
  let failed!: (error: Error) => void;
  const writtenPromise = new Promise<WorkerMessage & { type: 'written' }>((resolve, reject) => {
    written = resolve;
    failed = reject;
  });
  const donePromise = new Promise<WorkerMessage & { type: 'done' }>((resolve, reject) => {
    done = resolve;
    const earlier = failed;
    failed = (error) => {
      earlier(error);
      reject(error);
    };
  });
  writtenPromise.catch(() => undefined);
  donePromise.catch(() => undefined);
  child.on('message', (message: WorkerMessage) =>
    message.type === 'written' ? written(message) : done(message),
  );
  child.once('exit', (code, signal) => failed(new Error(`dispatch worker exited (${signal ?? code})`)));
  return { child, written: writtenPromise, done: donePromise };
};

/** The mall's bulk accounts of the three channels, pointing at this run's local servers. */
const setAccounts = async (
  handle: DatabaseHandle,
  locationId: string,
  servers: {
    sms?: { url: string; user: string; password: string; sender: string };
    smtpPort?: number;
    fcm?: { apiUrl: string; serviceAccount: unknown };
  },
) => {
  const { db } = handle;
  await db.execute(sql`delete from provider_accounts where location_id = ${locationId}`);
  const rate = 1_000_000;
  const rows = [];
  if (servers.sms)
    rows.push({
      location_id: locationId,
      account_channel: 'sms' as const,
      account_kind: 'bulk' as const,
      account_provider: 'netgsm',
      account_name: 'NetGSM (yerel)',
      account_sender: servers.sms.sender,
      account_endpoint: servers.sms.url,
      account_rate_per_second: rate,
      account_credentials_encrypted: await encryptCredentials(db, {
        user: servers.sms.user,
        password: servers.sms.password,
      }),
    });
  if (servers.smtpPort)
    rows.push({
      location_id: locationId,
      account_channel: 'email' as const,
      account_kind: 'bulk' as const,
      account_provider: 'smtp',
      account_name: 'SMTP (yerel)',
      account_sender: 'kampanya@bench.example.com',
      account_sender_name: 'Bench AVM',
      account_endpoint: `smtp://127.0.0.1:${servers.smtpPort}`,
      account_rate_per_second: rate,
    });
  if (servers.fcm)
    rows.push({
      location_id: locationId,
      account_channel: 'push' as const,
      account_kind: 'bulk' as const,
      account_provider: 'fcm',
      account_name: 'FCM (yerel)',
      account_endpoint: servers.fcm.apiUrl,
      account_rate_per_second: rate,
      account_credentials_encrypted: await encryptCredentials(db, {
        serviceAccount: servers.fcm.serviceAccount,
      }),
    });
  if (rows.length > 0) await db.insert(providerAccounts).values(rows);
};

const newNotification = async (
  handle: DatabaseHandle,
  locationId: string,
  kind: 'sms' | 'push' | 'email',
  customerIds: string[] = [],
) => {
  const label = `Bench ${kind} ${new Date().toISOString()}`;
  const [row] = await handle.db
    .insert(notifications)
    .values({
      location_id: locationId,
      notification_kind: kind,
      notification_state: 'send_in_progress',
      notification_send_started_at: new Date(),
      customer_ids: customerIds,
      ...(kind === 'sms' && {
        sms_notification_title: label,
        sms_notification_text: 'Hafta sonu tüm mağazalarda %20 indirim! Detaylar: avm.example.com',
      }),
      ...(kind === 'push' && {
        push_notification_type: 'BROADCAST' as const,
        push_notification_text_tr: 'Hafta sonu tüm mağazalarda %20 indirim!',
        push_notification_text_en: '20% off in every store this weekend!',
      }),
      ...(kind === 'email' && {
        email_notification_subject: 'Hafta sonu indirimi',
        email_notification_preview_text: 'Tüm mağazalarda %20',
        email_notification_content_type: 'HTML' as const,
        html_content:
          '<h1>Hafta sonu indirimi</h1><p>Tüm mağazalarda <strong>%20 indirim</strong> sizi bekliyor.</p>',
      }),
    })
    .returning({ _id: notifications._id });
  return row!._id;
};

type Handles = { open: () => Promise<DatabaseHandle> };

/**
 * One campaign: the notification made, the database released (PGlite has one process), the worker
 * run to the end, the database opened again for the checks.
 */
const campaign = async (
  target: BenchTarget,
  handles: Handles,
  locationId: string,
  kind: 'sms' | 'push' | 'email',
  accepted: () => number,
) => {
  let handle = await handles.open();
  const id = await newNotification(handle, locationId, kind);
  await handle.close();
  const before = accepted();
  const run = await startWorker({ target, notificationId: id });
  const written = await run.written;
  const done = await run.done;
  await new Promise((resolve) => run.child.once('exit', resolve));
  handle = await handles.open();
  const [row] = await query<{ state: string; sent: number; recipients: number }>(
    handle.db,
    sql`select notification_state as state, notification_sent_count as sent, notification_recipient_count as recipients
        from notifications where _id = ${id}`,
  );
  await handle.close();
  return { id, written, done, row: row!, accepted: accepted() - before };
};

const rate = (sent: number, ms: number) => sent / (ms / 1000);

export const marketingAtAMillion = async (options: readonly string[]): Promise<Figure[]> => {
  const figures: Figure[] = [];
  const add = (engine: string, benchmark: string, value: string) => {
    log(`${engine}: ${benchmark}: ${value}`);
    figures.push({ engine, benchmark, value });
  };
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const targets: BenchTarget[] = [];
  if (url) {
    const own = new URL(url);
    own.pathname = `/${DB_NAME}`;
    targets.push({ engine: 'postgres', url: own.toString() });
  }
  targets.push({ engine: 'pglite', dataDir: path.join(benchDir, 'marketing-pglite') });
  for (const target of targets.filter((each) => options.length === 0 || options.includes(each.engine))) {
    const engine = target.engine;
    if (target.engine === 'postgres') {
      if ((await onServer(url!, `select 1 from pg_database where datname = '${DB_NAME}'`)).rowCount === 0)
        await onServer(url!, `create database ${DB_NAME}`);
    } else await mkdir(target.dataDir, { recursive: true });
    const handles: Handles = { open: () => openTarget(target) };
    const total = RECIPIENTS[engine];
    const mailTotal = MAIL_RECIPIENTS[engine];
    log(`${engine}: the bench mall with ${count(total)} customers…`);
    let handle = await handles.open();
    const prepared = await prepare(handle, total, mailTotal);
    await handle.close();
    add(
      engine,
      `bench mall: ${count(total)} customers with a phone, consent and a device token`,
      prepared.generation,
    );

    // SMS.
    {
      const gateway = await startTestSmsGateway({ keep: 'counts' });
      handle = await handles.open();
      await setAccounts(handle, prepared.locationId, { sms: gateway.config });
      await handle.close();
      log(`${engine}: SMS to ${count(total)}… (${load()})`);
      const sms = await campaign(target, handles, prepared.locationId, 'sms', gateway.sentCount);
      const twice = gateway.sentMoreThanOnce().length;
      await gateway.close();
      add(
        engine,
        `SMS campaign: ${count(sms.written.recipients)} message rows written`,
        `${(sms.written.writeMs / 1000).toFixed(1)} s`,
      );
      add(
        engine,
        `SMS campaign: sent to the local NetGSM (1,000 a call; target ≥ ${count(TARGETS.smsPerSecond)}/s on PostgreSQL)`,
        `${count(Math.round(rate(sms.row.sent, sms.done.sendMs)))}/s (${count(sms.row.sent)} in ${(sms.done.sendMs / 1000).toFixed(1)} s, ${Math.round((100 * sms.done.providerMs) / sms.done.sendMs)}% of it in provider calls; gateway took ${count(sms.accepted)}, ${twice} twice; ${sms.row.state}; ${load()})`,
      );
      add(
        engine,
        `SMS campaign: worker's peak RSS (target ≤ ${TARGETS.peakRssMiB} MB on PostgreSQL)`,
        `${sms.done.peakRssMiB.toFixed(0)} MiB`,
      );
    }

    // Push.
    {
      const fcm = await startTestFcmServer({ keep: 'counts' });
      handle = await handles.open();
      await setAccounts(handle, prepared.locationId, { fcm });
      await handle.close();
      log(`${engine}: push to ${count(total)}… (${load()})`);
      const push = await campaign(target, handles, prepared.locationId, 'push', fcm.sentCount);
      const twice = fcm.sentMoreThanOnce().length;
      await fcm.close();
      add(
        engine,
        `push campaign: ${count(push.written.recipients)} message rows written`,
        `${(push.written.writeMs / 1000).toFixed(1)} s`,
      );
      add(
        engine,
        `push campaign: sent to the local FCM (HTTP v1, a call per device)`,
        `${count(Math.round(rate(push.row.sent, push.done.sendMs)))}/s (${count(push.row.sent)} in ${(push.done.sendMs / 1000).toFixed(1)} s, ${Math.round((100 * push.done.providerMs) / push.done.sendMs)}% of it in provider calls; FCM took ${count(push.accepted)}, ${twice} twice; ${push.row.state}; ${load()})`,
      );
      add(
        engine,
        `push campaign: worker's peak RSS (target ≤ ${TARGETS.peakRssMiB} MB on PostgreSQL)`,
        `${push.done.peakRssMiB.toFixed(0)} MiB`,
      );
    }

    // Email.
    {
      const smtp = await startTestSmtpServer();
      handle = await handles.open();
      await setAccounts(handle, prepared.locationId, { smtpPort: smtp.port });
      await handle.close();
      log(`${engine}: email to ${count(mailTotal)}… (${load()})`);
      const mail = await campaign(target, handles, prepared.locationId, 'email', () => smtp.received.length);
      const addresses = new Set(smtp.received.flatMap((each) => each.to));
      await smtp.close();
      add(
        engine,
        `email campaign: ${count(mail.written.recipients)} message rows written`,
        `${(mail.written.writeMs / 1000).toFixed(1)} s`,
      );
      add(
        engine,
        `email campaign: sent to the local SMTP server (pooled; target ≥ ${TARGETS.mailPerSecond}/s)`,
        `${count(Math.round(rate(mail.row.sent, mail.done.sendMs)))}/s (${count(mail.row.sent)} in ${(mail.done.sendMs / 1000).toFixed(1)} s, ${Math.round((100 * mail.done.providerMs) / mail.done.sendMs)}% of it in provider calls; SMTP took ${count(mail.accepted)} for ${count(addresses.size)} addresses, at most ${smtp.mostOpen()} connections; ${mail.row.state}; ${load()})`,
      );
      add(engine, `email campaign: worker's peak RSS`, `${mail.done.peakRssMiB.toFixed(0)} MiB`);
    }

    // The crash test.
    {
      const crashTotal = Math.min(CRASH_RECIPIENTS[engine], total);
      const gateway = await startTestSmsGateway({ keep: 'counts' });
      handle = await handles.open();
      await setAccounts(handle, prepared.locationId, { sms: gateway.config });
      const ids = (
        await query<{ _id: string }>(
          handle.db,
          sql`select _id from customers where location_id = ${prepared.locationId} order by _id limit ${crashTotal}`,
        )
      ).map((row) => row._id);
      const id = await newNotification(handle, prepared.locationId, 'sms', ids);
      await handle.close();
      log(
        `${engine}: crash test, SMS to ${count(crashTotal)}, the worker killed at ${KILL_AT * 100}%… (${load()})`,
      );
      const first = await startWorker({ target, notificationId: id });
      await first.written;
      const exited = new Promise<void>((resolve) => first.child.once('exit', () => resolve()));
      let killedAt = 0;
      for (;;) {
        if (gateway.sentCount() >= crashTotal * KILL_AT) {
          killedAt = gateway.sentCount();
          first.child.kill('SIGKILL');
          break;
        }
        if (first.child.exitCode !== null) throw new Error('the worker ended before it could be killed');
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await exited;
      // The restart: the killed process is gone, so its batch's lease may be taken as passed at once.
      const second = await startWorker({ target, notificationId: id, leaseMs: 0 });
      const done = await second.done;
      await new Promise((resolve) => second.child.once('exit', resolve));
      handle = await handles.open();
      const messages = await query<{ phone: string; state: string; batch: number | null }>(
        handle.db,
        sql`select c.customer_phone as phone, m.message_state as state, m.message_batch as batch
            from notification_messages m join customers c on c._id = m.customer_id where m.notification_id = ${id}`,
      );
      const [row] = await query<{ state: string; in_doubt: number }>(
        handle.db,
        sql`select notification_state as state, notification_in_doubt_count as in_doubt from notifications where _id = ${id}`,
      );
      await handle.close();
      await gateway.close();
      let duplicates = 0;
      let duplicatesOutside = 0;
      let gaps = 0;
      let inDoubt = 0;
      let inDoubtReached = 0;
      const doubtBatches = new Set<number | null>();
      for (const message of messages) {
        const times = gateway.timesSentTo(message.phone);
        if (times > 1) {
          duplicates += 1;
          if (message.state !== 'in_doubt') duplicatesOutside += 1;
        }
        if (message.state === 'in_doubt') {
          inDoubt += 1;
          doubtBatches.add(message.batch);
          if (times > 0) inDoubtReached += 1;
        } else if (message.state !== 'sent' || times !== 1) gaps += 1;
      }
      add(
        engine,
        `crash test: ${count(crashTotal)} SMS, the worker SIGKILLed after the gateway took ${count(killedAt)}, then restarted`,
        `duplicates ${duplicates} (outside the in-doubt batch ${duplicatesOutside}), gaps ${gaps}; in doubt ${inDoubt} in ${doubtBatches.size} batch (${inDoubtReached} of them reached the gateway); restart sent the rest in ${(done.sendMs / 1000).toFixed(1)} s; ${row!.state}; ${load()}`,
      );
    }
  }
  return figures;
};
