import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, testConfig } from '../../../test/helper';
import type { DatabaseHandle } from '../db/database';
import { createSms } from '.';
import { smsOutbox } from './sms-outbox.tables';

describe('development SMS outbox driver', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase();
  });
  afterAll(() => database.close());

  it('is chosen without SMS_GATEWAY_URL, stores the whole message and logs only the masked recipient', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const sms = createSms(testConfig(), database.db, pino({ base: undefined, timestamp: false }, sink));
    expect(sms.kind).toBe('outbox');
    const text = 'Çınaraltı AVM giriş kodunuz: 7305. Kodu kimseyle paylaşmayın.';
    await sms.send({ to: '+905321234567', text });
    const rows = await database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+905321234567'));
    expect(rows).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        to: '+905321234567',
        text,
        created_at: expect.any(Date),
      },
    ]);
    const log = lines.join('');
    expect(JSON.parse(log.trim())).toMatchObject({
      smsId: rows[0]!._id,
      to: '+90532*****67',
      msg: 'SMS stored in the outbox',
    });
    // Whole-word: the message's hex id may hold the digits by chance.
    expect(log).not.toMatch(/\b7305\b/);
    expect(log).not.toContain('giriş kodunuz');
    expect(log).not.toContain('+905321234567');
  });

  it('writes into the transaction it is given, so a rollback leaves no message', async () => {
    const sms = createSms(testConfig(), database.db);
    await database.db
      .transaction(async (tx) => {
        await sms.send({ to: '+905559998877', text: 'Kod: 1234' }, { db: tx });
        // Inside the transaction the message is there…
        expect(await tx.select().from(smsOutbox).where(eq(smsOutbox.to, '+905559998877'))).toHaveLength(1);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    // …and the rollback takes it away.
    expect(await database.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+905559998877'))).toEqual([]);
  });
});
