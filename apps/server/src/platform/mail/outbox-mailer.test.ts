import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../test/helper';
import { passwordResetMail } from '../../modules/mail/password-reset-mail';
import type { DatabaseHandle } from '../db/database';
import { createMailer } from '.';
import { mailOutbox } from './mail-outbox.tables';

describe('development outbox driver', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase();
  });
  afterAll(() => database.close());

  it('is chosen without SMTP_HOST, stores the whole message and logs only recipient and subject', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const mailer = createMailer({ mail: { from: 'a@b.co', smtp: undefined } }, database.db, pino(sink));
    expect(mailer.kind).toBe('outbox');
    const link = 'https://avm.example.com/auth/reset-password/secret-token-value';
    await mailer.send(
      passwordResetMail({
        lang: 'en',
        to: 'kisi@example.com',
        name: 'O’Brien <x>',
        link,
        expiresInMinutes: 60,
      }),
    );
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'kisi@example.com'));
    expect(row).toMatchObject({ subject: 'Avlu password reset' });
    expect(row?.text).toContain(`Reset my password: ${link}`);
    expect(row?.text).toContain('Hello O’Brien <x>,');
    expect(row?.html).toContain('Hello O’Brien &lt;x&gt;,');
    expect(row?.html).toContain('<html lang="en">');
    const log = lines.join('');
    expect(log).toContain('k***@example.com');
    expect(log).not.toContain('kisi@example.com');
    expect(log).toContain('Avlu password reset');
    expect(log).not.toContain('secret-token-value');
  });

  it('writes into the transaction it is given, so a rollback leaves no message', async () => {
    const mailer = createMailer({ mail: { from: 'a@b.co', smtp: undefined } }, database.db);
    await database.db
      .transaction(async (tx) => {
        await mailer.send(
          { to: 'geri@example.com', subject: 's', html: '<p>h</p>', text: 't', lang: 'tr' },
          { db: tx },
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'geri@example.com'))).toEqual(
      [],
    );
  });
});
