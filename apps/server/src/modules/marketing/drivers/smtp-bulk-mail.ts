import type { Language } from '@avlu/contracts';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from 'pino';
import sanitizeHtml from 'sanitize-html';
import type { SmtpConfig } from '../../../platform/config';
import { smtpTransportOptions } from '../../../platform/mail/smtp-mailer';
import { escapeHtml } from '../../mail/mail-layout';
import { ProviderError } from './provider-error';
import type { Throttle } from './throttle';

const PROVIDER = 'SMTP';

/** An SMTP account for marketing mail, as dispatch gets it (from the mall's stored account, later). */
export type SmtpAccount = SmtpConfig & {
  /** The From of every mail: 'Avlu AVM <kampanya@avm.example.com>'. */
  from: string;
  /** Connections kept open to the server and shared by the sends (nodemailer's pool). */
  maxConnections?: number;
  /** Mails a connection carries before it is closed and a new one opened. */
  maxMessagesPerConnection?: number;
  /** The envelope sender (Return-Path) that bounces go to, when not the From address. */
  bounceAddress?: string;
  /**
   * DKIM signing of the From domain. Mailbox providers honour one-click unsubscribe only when the
   * signature covers List-Unsubscribe and List-Unsubscribe-Post (RFC 8058 §4), so both are signed.
   */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
};

/**
 * The header fields DKIM signs: nodemailer's defaults (RFC 6376 §5.4.1's list) and
 * List-Unsubscribe-Post, which its defaults leave out.
 */
export const DKIM_SIGNED_FIELDS = [
  'From',
  'Sender',
  'Reply-To',
  'Subject',
  'Date',
  'Message-ID',
  'To',
  'Cc',
  'MIME-Version',
  'Content-Type',
  'Content-Transfer-Encoding',
  'Content-Language',
  'In-Reply-To',
  'References',
  'List-Id',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
].join(':');

export type MarketingMail = {
  to: string;
  subject: string;
  /** The line mail clients show after the subject: the first, hidden text of the body. */
  previewText?: string;
  /** The body as HTML, written by the mall's staff or built from a template: sanitised here. */
  html: string;
  /** The plain-text alternative; made from the sanitised HTML when not given. */
  text?: string;
  lang: Language;
  /** The mall's logo above the content, when the notification shows it (an https address). */
  logo?: { url: string; alt: string };
  /**
   * A commercial message (İYS, RFC 8058): it must carry the customer's unsubscribe address (https,
   * answering a one-click POST) and may carry a mailto address too. Informational mail need not.
   */
  commercial: boolean;
  unsubscribe?: { url: string; mailto?: string };
};

export interface BulkMailDriver {
  /** Sends one mail; throws a ProviderError when it was not (or may not have been) taken. */
  send(mail: MarketingMail): Promise<{ messageId: string }>;
  /** Closes the pool's connections. */
  close(): Promise<void>;
}

const UNSUBSCRIBE_WORDS: Record<Language, { line: string; link: string }> = {
  tr: { line: 'Bu e-postaları artık almak istemiyorsanız', link: 'abonelikten çıkın' },
  en: { line: 'If you no longer want these emails,', link: 'unsubscribe' },
};

/** Style properties mail content may use: layout and type, nothing that loads or positions. */
const SAFE_STYLE = /^[#(),.%\w\s-]+$/;
const STYLE_PROPERTIES = [
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'text-align',
  'text-decoration',
  'vertical-align',
  'width',
  'max-width',
  'height',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-radius',
  'border-collapse',
  'display',
];

const SANITISE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img',
    'center',
    'font',
    'span',
  ],
  allowedAttributes: {
    '*': ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'dir', 'lang', 'title'],
    a: ['href', 'name', 'target'],
    img: ['src', 'alt', 'width', 'height', 'border'],
    table: ['cellpadding', 'cellspacing', 'border', 'role'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  allowedStyles: { '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, [SAFE_STYLE]])) },
  // Script, style, iframe… go with their content; any other tag not allowed leaves its text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head'],
};

/**
 * A mall's HTML content made safe to send: no scripts, event handlers, forms, frames, style
 * sheets, `javascript:` or `data:` addresses, nor style properties that load or position things;
 * the tags and inline styles of mail layouts (tables, images over http(s), fonts) stay.
 */
export const sanitiseMailHtml = (html: string): string => sanitizeHtml(html, SANITISE_OPTIONS);

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos|nbsp);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }[lower] ?? '';
  });

/**
 * The plain-text alternative of sanitised HTML: paragraphs and headings as blank-line separated
 * blocks, line breaks kept, list items as '- ', a link as its words and address, an image as its
 * alternative text; nothing of the markup left.
 */
export const htmlToText = (safeHtml: string): string =>
  decodeEntities(
    safeHtml
      .replace(/\s+/g, ' ')
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>(.*?)<\/a>/gi, (_, href: string, inner: string) => {
        const words = inner.replace(/<[^>]+>/g, '').trim();
        const address = decodeEntities(href);
        return !words || decodeEntities(words) === address ? address : `${words} (${address})`;
      })
      .replace(/<img\b[^>]*?alt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt.trim() ? `[${alt.trim()}]` : ''))
      .replace(/<li\b[^>]*>/gi, '\n- ')
      .replace(/<\/(p|div|h[1-6]|table|tr|ul|ol|blockquote|pre|center)>/gi, '\n\n')
      .replace(/<(p|div|h[1-6]|table|ul|ol|blockquote|pre)\b[^>]*>/gi, '\n\n')
      .replace(/<\/t[dh]>/gi, ' ')
      .replace(/<[^>]+>/g, ''),
  )
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * The sanitised HTML and its plain text, kept for the last HTML given: a campaign's mails all carry
 * the same content, and sanitising it for each recipient cost more than sending.
 */
let lastSanitised: { html: string; content: string; text: string } | undefined;
const sanitised = (html: string) => {
  if (lastSanitised?.html !== html) {
    const content = sanitiseMailHtml(html);
    lastSanitised = { html, content, text: htmlToText(content) };
  }
  return lastSanitised;
};

/**
 * A one-click unsubscribe address: https (RFC 8058 §3.1), or plain http to this machine itself, for
 * a server tried out on loopback (its PUBLIC_URL cannot be https, and no mail program elsewhere can
 * reach it anyway).
 */
const isUnsubscribeAddress = (address: string) => {
  if (address.startsWith('https://')) return true;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
  } catch {
    return false;
  }
};

/**
 * The message nodemailer sends: the sanitised content under the logo and after the hidden preview
 * line, a footer with the unsubscribe link for commercial mail, the same words as plain text, and
 * for commercial mail the RFC 8058 headers
 * `List-Unsubscribe: <https://…>, <mailto:…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (the address must answer a POST with that body by unsubscribing, without a page to confirm on).
 */
export const buildMarketingMail = (
  mail: MarketingMail,
  account: Pick<SmtpAccount, 'from' | 'bounceAddress'>,
) => {
  if (mail.commercial && !mail.unsubscribe)
    throw new TypeError('a commercial mail needs an unsubscribe address (RFC 8058, İYS)');
  if (mail.unsubscribe && !isUnsubscribeAddress(mail.unsubscribe.url))
    throw new TypeError('a one-click unsubscribe address must be https (RFC 8058 §3.1)');
  if (mail.logo && !mail.logo.url.startsWith('https://'))
    throw new TypeError('a logo must be an https address');
  const { content, text: plain } = sanitised(mail.html);
  const words = UNSUBSCRIBE_WORDS[mail.lang];
  const preview = mail.previewText
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all">${escapeHtml(mail.previewText)}</div>`
    : '';
  const logo = mail.logo
    ? `<p style="text-align:center"><img src="${escapeHtml(mail.logo.url)}" alt="${escapeHtml(
        mail.logo.alt,
      )}" style="max-width:200px;height:auto"></p>`
    : '';
  const footer = mail.unsubscribe
    ? `<p style="font-size:12px;color:#637381;text-align:center">${escapeHtml(words.line)} <a href="${escapeHtml(
        mail.unsubscribe.url,
      )}">${escapeHtml(words.link)}</a>.</p>`
    : '';
  const html = `<!doctype html><html lang="${mail.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(
    mail.subject,
  )}</title></head><body style="margin:0;padding:0">${preview}<div style="max-width:640px;margin:0 auto;padding:16px">${logo}${content}${footer}</div></body></html>`;
  const body = mail.text ?? plain;
  const text = mail.unsubscribe ? `${body}\n\n${words.line} ${words.link}: ${mail.unsubscribe.url}` : body;
  const headers: Record<string, string> = { 'Content-Language': mail.lang };
  if (mail.unsubscribe) {
    headers['List-Unsubscribe'] = [mail.unsubscribe.url, mail.unsubscribe.mailto]
      .filter((address): address is string => Boolean(address))
      .map(
        (address) =>
          `<${isUnsubscribeAddress(address) ? address : `mailto:${address.replace(/^mailto:/, '')}`}>`,
      )
      .join(', ');
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  return {
    from: account.from,
    to: mail.to,
    subject: mail.subject,
    html,
    text,
    headers,
    ...(account.bounceAddress && { envelope: { from: account.bounceAddress, to: mail.to } }),
  } satisfies Mail.Options;
};

type SmtpFailure = Error & { code?: string; responseCode?: number; command?: string };

/**
 * What an SMTP failure means (RFC 5321 §4.2.1): a 4xx reply may pass (a full mailbox, greylisting,
 * a server busy) and a 5xx will not; a refusal at RCPT TO is this address's, at AUTH the account's.
 * No connection is retryable and surely not sent; a connection lost or silent while the message was
 * on its way is in doubt.
 */
export const smtpFailure = (error: unknown): ProviderError => {
  const failure = (error instanceof Error ? error : new Error(String(error))) as SmtpFailure;
  const reply = failure.responseCode;
  const command = failure.command ?? '';
  const description = failure.message.slice(0, 200);
  if (failure.code === 'EAUTH' || /^AUTH/i.test(command) || reply === 530 || reply === 535)
    return new ProviderError(PROVIDER, {
      code: failure.code ?? String(reply),
      retryable: reply !== undefined && reply < 500,
      scope: 'account',
      status: reply,
      description,
    });
  if (reply !== undefined)
    return new ProviderError(PROVIDER, {
      code: String(reply),
      retryable: reply < 500,
      scope: /^RCPT/i.test(command) || failure.code === 'EENVELOPE' ? 'message' : 'batch',
      status: reply,
      description,
    });
  const connecting = failure.code === 'ECONNECTION' || failure.code === 'EDNS' || /^CONN/i.test(command);
  return new ProviderError(PROVIDER, {
    code: failure.code ?? 'NETWORK',
    retryable: true,
    scope: 'batch',
    inDoubt: !connecting,
    description,
  });
};

/**
 * Marketing mail over SMTP with nodemailer's pooled connections (`pool: true`): up to
 * `maxConnections` (5 unless given) connections are opened and reused by every send, instead of a
 * connection (and a TLS handshake and login) per mail. Every send waits its turn on the throttle.
 */
export const smtpBulkMail = (
  account: SmtpAccount,
  options: { throttle?: Throttle; logger?: Logger; timeoutMs?: number } = {},
): BulkMailDriver => {
  const transport = nodemailer.createTransport({
    ...smtpTransportOptions(account, options.timeoutMs ?? 30_000),
    pool: true,
    maxConnections: account.maxConnections ?? 5,
    maxMessages: account.maxMessagesPerConnection ?? 100,
    ...(account.dkim && { dkim: { ...account.dkim, headerFieldNames: DKIM_SIGNED_FIELDS } }),
  });
  return {
    async send(mail) {
      const message = buildMarketingMail(mail, account);
      await options.throttle?.take(1);
      try {
        const info = await transport.sendMail(message);
        if (info.rejected.length > 0)
          throw Object.assign(new Error(`recipient refused: ${String(info.response ?? '')}`), {
            responseCode: 550,
            command: 'RCPT TO',
          });
        return { messageId: info.messageId };
      } catch (error) {
        const failure = smtpFailure(error);
        options.logger?.warn({ code: failure.code, status: failure.status }, 'SMTP refused a marketing mail');
        throw failure;
      }
    },
    close: async () => transport.close(),
  };
};
