import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestSmsGateway } from '../../apps/server/src/platform/sms/test-sms-gateway';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the fake SMS gateway keeps the SMS the app sent (read with smsCodeTo). */
    smsDir: string;
  }
}

type KeptSms = { to: string; text: string; at: string };

/**
 * The server's fake NetGSM gateway (platform/sms/test-sms-gateway.ts) on loopback, for the browser
 * journeys: the app under test runs as in production, where GET /api/dev/outbox does not exist, and
 * sends its SMS through the gateway driver to this server. Each SMS is kept as a JSON file, so the
 * journeys (other processes) read the codes that were really sent.
 */
export const startSmsInbox = async (dir: string) => {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const gateway = await startTestSmsGateway();
  let kept = 0;
  const keep = () => {
    for (; kept < gateway.received.length; kept++) {
      const { to, text } = gateway.received[kept]!;
      const sms: KeptSms = { to, text, at: new Date().toISOString() };
      writeFileSync(join(dir, `${String(kept + 1).padStart(4, '0')}.json`), JSON.stringify(sms));
    }
  };
  const timer = setInterval(keep, 50);
  const { url, user, password, sender } = gateway.config;
  return {
    /** The server's environment that sends its SMS here. */
    env: {
      SMS_GATEWAY_URL: url,
      SMS_GATEWAY_USER: user,
      SMS_GATEWAY_PASSWORD: password,
      SMS_GATEWAY_SENDER: sender,
    },
    close: async () => {
      clearInterval(timer);
      await gateway.close();
    },
  };
};

/** Every SMS the local gateway received so far, oldest first. */
export const receivedSms = (dir: string): KeptSms[] =>
  readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as KeptSms);

/**
 * The text of the newest SMS in `dir` (inject('smsDir')) to `phone` (E.164) that arrived at or after
 * `since`; waits up to `timeoutMs` for it and answers null when none came.
 */
export const smsTextTo = async (dir: string, phone: string, since: Date, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = receivedSms(dir)
      .reverse()
      .find((sms) => sms.to === phone && new Date(sms.at) >= since);
    if (fresh) return fresh.text;
    if (Date.now() > deadline) return null;
    await new Promise((wait) => setTimeout(wait, 100));
  }
};

/**
 * The 4-digit code of the newest SMS to `phone` since `since` (as smsTextTo); null when none came in
 * 10 s (a resend wait still running sends nothing).
 */
export const smsCodeTo = async (dir: string, phone: string, since: Date, timeoutMs = 10_000) => {
  const text = await smsTextTo(dir, phone, since, timeoutMs);
  return (text && /\b(\d{4})\b/.exec(text)?.[1]) || null;
};
