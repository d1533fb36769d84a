import type { NotificationKind, TestSendResult } from '@avlu/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import { appBaseUrl } from '../../platform/links';
import { countAttempt } from '../auth/rate-limits.service';
import { customers } from '../customers/customers.tables';
import { emailHtmlOf, mailOf, pushOf } from './dispatch.content';
import type { Senders } from './dispatch.senders';
import { ProviderError } from './drivers/provider-error';
import { customerPushTokens } from './marketing-accounts.tables';
import { notificationOfMall } from './notifications.service';

/** Test sends a mall may make in an hour (each to at most TEST_SEND_LIMIT): a test is not a way round the campaign's consent. */
export const TEST_SENDS_PER_MALL_PER_HOUR = 30;

const wordsOf = (error: unknown) =>
  error instanceof ProviderError
    ? error.code
    : error instanceof Error
      ? error.message.slice(0, 200)
      : 'UNEXPECTED';

/**
 * PUT /marketing/{kind}-notifications/{id}/test (spec §7; §5: whitespace stripped, split on comma or
 * semicolon; at most TEST_SEND_LIMIT, and TEST_SENDS_PER_MALL_PER_HOUR tests a mall an hour, else 429): the notification as it is now, sent at once to those phones
 * (SMS), those phones' customers' devices (push) or those addresses (email) only, through the
 * account a real send would use. Nothing is recorded as the campaign's messages, its counts do not
 * move, and any state may be tested. A commercial test mail carries an unsubscribe link that does
 * nothing (`…/unsubscribe/test`), since the address is staff's, not a recipient's.
 */
export const testSend = async (
  db: Database,
  config: Config,
  senders: Senders,
  locationId: string,
  kind: NotificationKind,
  id: string,
  to: string[],
): Promise<TestSendResult> => {
  const row = await notificationOfMall(db, locationId, kind, id);
  const [counter] = await countAttempt(db, [`marketing-test:${locationId}`], 3600_000);
  if (counter!.count > TEST_SENDS_PER_MALL_PER_HOUR)
    throw new AppError('TOO_MANY_REQUESTS', 429, {
      retryAfterSeconds: Math.max(1, Math.ceil((counter!.resetsAt.getTime() - Date.now()) / 1000)),
    });
  const sender = await senders.senderFor(db, locationId, kind);
  if (!sender) throw new AppError('NOTIFICATION_NO_PROVIDER', 409);
  const results: TestSendResult['results'] = [];
  if (sender.channel === 'sms') {
    const text = row.sms_notification_text ?? '';
    try {
      const receipt = await sender.sms.sendBatch(
        to.map((phone) => ({ to: phone, text })),
        row.notification_is_commercial
          ? { kind: 'commercial', recipients: 'individual' }
          : { kind: 'informational' },
      );
      const refused = new Set(receipt.refused.map((each) => each.message.to));
      for (const phone of to)
        results.push({
          to: phone,
          state: refused.has(phone) ? 'failed' : 'sent',
          error: refused.has(phone) ? 'INVALID_NUMBER' : null,
        });
    } catch (error) {
      for (const phone of to) results.push({ to: phone, state: 'failed', error: wordsOf(error) });
    }
  } else if (sender.channel === 'email') {
    const html = await emailHtmlOf(db, config, row);
    for (const address of to) {
      try {
        await sender.mail.send(
          mailOf(row, html, address, {
            ...(row.notification_is_commercial && {
              unsubscribeUrl: `${appBaseUrl(config)}/api/ext/marketing/unsubscribe/test`,
            }),
          }),
        );
        results.push({ to: address, state: 'sent', error: null });
      } catch (error) {
        results.push({ to: address, state: 'failed', error: wordsOf(error) });
      }
    }
  } else {
    const devices = await db
      .select({
        phone: customers.customer_phone,
        token: customerPushTokens.push_token,
        language: customerPushTokens.push_token_language,
      })
      .from(customerPushTokens)
      .innerJoin(customers, eq(customers._id, customerPushTokens.customer_id))
      .where(and(eq(customers.location_id, locationId), inArray(customers.customer_phone, to)));
    for (const phone of to) {
      const own = devices.filter((device) => device.phone === phone);
      if (own.length === 0) {
        results.push({ to: phone, state: 'no_device', error: null });
        continue;
      }
      let failure: unknown;
      let sent = false;
      for (const device of own) {
        try {
          await sender.push.send(pushOf(row, device.token, device.language));
          sent = true;
        } catch (error) {
          failure = error;
        }
      }
      results.push({ to: phone, state: sent ? 'sent' : 'failed', error: sent ? null : wordsOf(failure) });
    }
  }
  return { sent: results.filter((result) => result.state === 'sent').length, results };
};
