import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { SmtpConfig } from '../config';
import { maskEmail } from '../log-masking';
import type { Mailer } from './mailer';

/**
 * Bounds every step of a send: an invitation is sent while its transaction is open (see
 * invitations.service.ts), so a mail server that stops answering must not hold it for minutes.
 */
const TIMEOUT_MS = 10_000;

/**
 * nodemailer's options for an SMTP server: TLS from the start on `secure`, else STARTTLS when
 * offered, every step bounded. Shared with the marketing mail driver, which adds a pool.
 */
export const smtpTransportOptions = (smtp: SmtpConfig, timeoutMs = TIMEOUT_MS) => ({
  host: smtp.host,
  port: smtp.port,
  secure: smtp.secure,
  ...(smtp.auth && { auth: smtp.auth }),
  connectionTimeout: timeoutMs,
  greetingTimeout: timeoutMs,
  socketTimeout: timeoutMs,
});

/** Mail through an SMTP server with nodemailer; TLS from the start on `secure`, else STARTTLS when offered. */
export const smtpMailer = (smtp: SmtpConfig, from: string, logger: Logger | undefined): Mailer => {
  const transport = nodemailer.createTransport(smtpTransportOptions(smtp));
  return {
    kind: 'smtp',
    async send(message) {
      const info = await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'Content-Language': message.lang },
      });
      logger?.info(
        { messageId: info.messageId, to: maskEmail(message.to), subject: message.subject },
        'mail sent',
      );
    },
    close: async () => transport.close(),
  };
};
