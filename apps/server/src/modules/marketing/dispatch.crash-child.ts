import { parseConfig } from '../../platform/config';
import { openPostgres } from '../../platform/db/database';
import type { SmsGatewayConfig } from '../../platform/sms/gateway-sms';
import { createSenders } from './dispatch.senders';
import { createDispatcher } from './dispatch.worker';

/**
 * A dispatch worker in a process of its own, for the crash test (dispatch-crash.postgres.test.ts),
 * which SIGKILLs it mid-send and starts another: it opens the test's PostgreSQL database, sends one
 * notification through the server's SMS gateway (the test's local NetGSM) with the dispatcher the
 * `marketing.dispatch` job runs, tells the parent the state it closed with, and exits.
 */
export type CrashChildInput = {
  databaseUrl: string;
  gateway: SmsGatewayConfig;
  notificationId: string;
  batchSize: number;
  leaseMs: number;
};

const input = JSON.parse(process.argv[2] ?? '') as CrashChildInput;
const database = await openPostgres(input.databaseUrl);
const config = parseConfig({
  ADMIN_PASSWORD: 'crash-test-password',
  LOG_LEVEL: 'silent',
  SMS_GATEWAY_URL: input.gateway.url,
  SMS_GATEWAY_USER: input.gateway.user,
  SMS_GATEWAY_PASSWORD: input.gateway.password,
  SMS_GATEWAY_SENDER: input.gateway.sender,
});
const senders = createSenders(config);
const state = await createDispatcher({ db: database.db, config, senders }).run(input.notificationId, {
  batchSize: input.batchSize,
  leaseMs: input.leaseMs,
});
await new Promise<void>((resolve) => process.send!({ state }, () => resolve()));
await senders.close();
await database.close();
process.exit(0);
