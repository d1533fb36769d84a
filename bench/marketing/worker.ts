import { performance } from 'node:perf_hooks';
import { createSenders } from '../../apps/server/src/modules/marketing/dispatch.senders';
import { writeMessages } from '../../apps/server/src/modules/marketing/dispatch.service';
import { createDispatcher } from '../../apps/server/src/modules/marketing/dispatch.worker';
import { parseConfig } from '../../apps/server/src/platform/config';
import { type BenchTarget, openTarget } from '../customers/databases';
import { timed } from '../lib/timing';

/**
 * The server's dispatch in a process of its own (forked by bench/marketing.ts, bundled as the server
 * ships): it opens the bench database, writes the notification's messages (`writeMessages`, timed)
 * and sends them with the dispatcher the `marketing.dispatch` job runs, through the mall's provider
 * account (the local NetGSM, FCM or SMTP server of the parent). Its peak RSS is the dispatch's alone
 * (on PGlite with the embedded database). The parent may SIGKILL it mid-send (the crash test).
 */
export type WorkerMessage =
  | { type: 'written'; writeMs: number; recipients: number }
  | { type: 'done'; sendMs: number; providerMs: number; state: string | undefined; peakRssMiB: number };
export type WorkerInput = { target: BenchTarget; notificationId: string; leaseMs?: number };

const input = JSON.parse(process.argv[2] ?? '') as WorkerInput;
const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

const database = await openTarget(input.target);
const config = parseConfig({
  ADMIN_PASSWORD: 'bench-password',
  LOG_LEVEL: 'silent',
  DEMO_DATA: 'false',
  // Commercial mail carries a one-click unsubscribe link, which needs an https address.
  PUBLIC_URL: 'https://avm.example.com',
});
const senders = createSenders(config);

/** The time the provider calls were under way (several at once counted once), to set beside the rest. */
let inFlight = 0;
let busySince = 0;
let providerMs = 0;
const timedCall =
  <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
  async (...args: A) => {
    if (inFlight++ === 0) busySince = performance.now();
    try {
      return await call(...args);
    } finally {
      if (--inFlight === 0) providerMs += performance.now() - busySince;
    }
  };
const timedSenders = new WeakSet<object>();
const senderFor = senders.senderFor;
senders.senderFor = async (...args) => {
  const sender = await senderFor(...args);
  if (sender && !timedSenders.has(sender)) {
    timedSenders.add(sender);
    if (sender.channel === 'sms') sender.sms.sendBatch = timedCall(sender.sms.sendBatch);
    else if (sender.channel === 'email') sender.mail.send = timedCall(sender.mail.send);
    else sender.push.send = timedCall(sender.push.send);
  }
  return sender;
};
const [writeMs, row] = await timed(() => writeMessages(database.db, input.notificationId));
await send({ type: 'written', writeMs, recipients: row?.notification_recipient_count ?? 0 });
const dispatcher = createDispatcher({ db: database.db, config, senders });
const [sendMs, state] = await timed(() =>
  dispatcher.run(input.notificationId, input.leaseMs === undefined ? {} : { leaseMs: input.leaseMs }),
);
await send({ type: 'done', sendMs, providerMs, state, peakRssMiB: process.resourceUsage().maxRSS / 1024 });
await senders.close();
await database.close();
process.exit(0);
