import type { Logger } from 'pino';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/errors';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import { createSenders } from './dispatch.senders';

/**
 * Spec §3 "Provider accounts split by accountType otp, bulk, transactional" (issue 16 #5): the
 * server's SMS and mail drivers wrapped so that a message sent for a mall (`options.mall`) goes
 * through the mall's own active account of that kind - sign-in codes through its otp SMS account,
 * notices through its transactional mail account - and through the server's driver when the mall
 * has none. A message sent for no mall (staff's own mail) always takes the server's driver.
 *
 * A mall's account refusing or not answering is not covered up by the server's driver: the
 * message fails as the server's would (SMS_NOT_SENT for SMS, the error for mail), so a wrong
 * account shows rather than the operator paying for the mall's messages unseen.
 */
export const withMallAccounts = (deps: {
  db: Database;
  config: Config;
  logger?: Logger;
  sms: SmsSender;
  mailer: Mailer;
}): { sms: SmsSender; mailer: Mailer } => {
  const senders = createSenders(deps.config, deps.logger);

  const sms: SmsSender = {
    kind: deps.sms.kind,
    async send(message, options) {
      const mall = options?.mall;
      const sender = mall
        ? await senders.accountSenderFor(options?.db ?? deps.db, mall.locationId, 'sms', mall.account)
        : undefined;
      if (sender?.channel !== 'sms') return deps.sms.send(message, options);
      try {
        // A sign-in code or a notice is informational: sent whatever İYS says (iysfilter 0).
        const receipt = await sender.sms.sendBatch([message], { kind: 'informational' });
        if (receipt.count === 1) return;
        deps.logger?.warn({ code: receipt.refused[0]?.code }, 'mall SMS account refused a message');
      } catch (error) {
        deps.logger?.warn({ err: error, account: sender.accountId }, 'mall SMS account failed');
      }
      throw new AppError('SMS_NOT_SENT', 503, { retryAfterSeconds: 60 });
    },
  };

  const mailer: Mailer = {
    kind: deps.mailer.kind,
    async send(message, options) {
      const mall = options?.mall;
      const sender = mall
        ? await senders.accountSenderFor(options?.db ?? deps.db, mall.locationId, 'email', mall.account)
        : undefined;
      if (sender?.channel !== 'email') return deps.mailer.send(message, options);
      await sender.mail.send({ ...message, commercial: false });
    },
    async close() {
      await senders.close();
      await deps.mailer.close();
    },
  };
  return { sms, mailer };
};
