import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback that the app under test sends its mail to. Each message is kept
 * as a .eml file, so the journeys (which run in other processes) read what really arrived.
 */
export const startMailbox = async (dir: string) => {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(join(dir, `${String(count).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        done();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as { port: number }).port));
  });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/** Undoes quoted-printable soft line breaks and escapes, enough to read links out of a mail. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

export type ReceivedMail = { raw: string; text: string };

/** Waits for a mail to `to` whose raw source matches `match`, for up to `timeoutMs`. */
export const waitForMail = async (
  dir: string,
  to: string,
  match: RegExp = /./,
  timeoutMs = 15_000,
): Promise<ReceivedMail> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const file of readdirSync(dir).sort().reverse()) {
      const raw = readFileSync(join(dir, file), 'utf8');
      const text = decodeQuotedPrintable(raw);
      if (
        new RegExp(`^To:.*${to.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'im').test(raw) &&
        match.test(text)
      ) {
        return { raw, text };
      }
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error(`no mail to ${to} matching ${match} arrived within ${timeoutMs} ms`);
};
