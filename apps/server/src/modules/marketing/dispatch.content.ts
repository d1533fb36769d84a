import { createHmac } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../platform/config';
import type { Database } from '../../platform/db/database';
import { appBaseUrl } from '../../platform/links';
import { serverSecret } from '../../platform/server-secrets';
import type { MarketingMail } from './drivers/smtp-bulk-mail';
import type { NotificationRow } from './marketing.tables';
import { mallPosts } from './marketing-directory.tables';

/**
 * What each message of a notification says (issue 16): the SMS text, the push's title and body in
 * the device's language, and the email built from its content type. The same for every recipient
 * but the email's unsubscribe link.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[char]};`,
  );

const absolute = (config: Pick<Config, 'publicUrl'>, url: string | null) =>
  url ? (url.startsWith('/') ? `${appBaseUrl(config)}${url}` : url) : null;

/** The body of an email notification: its HTML, a linked image (SINGLE) or the newsletter with its posts. */
export const emailHtmlOf = async (db: Database, config: Pick<Config, 'publicUrl'>, row: NotificationRow) => {
  switch (row.email_notification_content_type) {
    case 'SINGLE': {
      const image = absolute(config, row.single_content_image);
      const img = image ? `<img src="${escapeHtml(image)}" alt="" style="max-width:100%">` : '';
      return row.single_content_link ? `<a href="${escapeHtml(row.single_content_link)}">${img}</a>` : img;
    }
    case 'NEWSLETTER': {
      const ids = [...row.newsletter_content_events, ...row.newsletter_content_promotions];
      const posts =
        ids.length > 0 ? await db.select().from(mallPosts).where(inArray(mallPosts._id, ids)) : [];
      const image = absolute(config, row.newsletter_content_image);
      const items = posts
        .map((post) => {
          const title = escapeHtml(post.post_title);
          const linked = post.post_link ? `<a href="${escapeHtml(post.post_link)}">${title}</a>` : title;
          return `<li><strong>${linked}</strong> (${post.post_start_date} – ${post.post_end_date})${
            post.post_description ? `<br>${escapeHtml(post.post_description)}` : ''
          }</li>`;
        })
        .join('');
      return [
        image ? `<img src="${escapeHtml(image)}" alt="" style="max-width:100%">` : '',
        row.newsletter_content_title ? `<h1>${escapeHtml(row.newsletter_content_title)}</h1>` : '',
        row.newsletter_content_description ? `<p>${escapeHtml(row.newsletter_content_description)}</p>` : '',
        row.newsletter_content_link
          ? `<p><a href="${escapeHtml(row.newsletter_content_link)}">${escapeHtml(row.newsletter_content_link)}</a></p>`
          : '',
        items ? `<ul>${items}</ul>` : '',
      ].join('');
    }
    default:
      return row.html_content ?? '';
  }
};

/**
 * The one-click unsubscribe address of one message (RFC 8058): `/api/ext/marketing/unsubscribe/<message
 * id>.<signature>`, the signature an HMAC-SHA256 of the message id under the `marketing-unsubscribe`
 * server secret (base64url, 32 characters). The unsubscribe route checks it with `unsubscribeMessageOf`
 * and revokes the email consent of the message's customer (or opts its external address out).
 */
export const unsubscribeSigner = async (db: Database, config: Pick<Config, 'publicUrl'>) => {
  const secret = await serverSecret(db, 'marketing-unsubscribe', undefined);
  const sign = (messageId: string) =>
    createHmac('sha256', secret).update(messageId).digest('base64url').slice(0, 32);
  return {
    url: (messageId: string) =>
      `${appBaseUrl(config)}/api/ext/marketing/unsubscribe/${messageId}.${sign(messageId)}`,
    /** The message id of a token, when its signature holds. */
    messageOf: (token: string) => {
      const [id, signature] = token.split('.');
      return id && signature && /^[0-9a-f]{24}$/.test(id) && sign(id) === signature ? id : undefined;
    },
  };
};

/** The mail of an email notification to one address. */
export const mailOf = (
  row: NotificationRow,
  html: string,
  to: string,
  options: { unsubscribeUrl?: string; logo?: { url: string; alt: string } },
): MarketingMail => ({
  to,
  subject: row.email_notification_subject ?? '',
  ...(row.email_notification_preview_text && { previewText: row.email_notification_preview_text }),
  html,
  lang: 'tr',
  ...(row.email_notification_showing_logo && options.logo && { logo: options.logo }),
  commercial: row.notification_is_commercial,
  ...(options.unsubscribeUrl && { unsubscribe: { url: options.unsubscribeUrl } }),
});

/** The push of a notification in a device's language (English when the device says so and there is one). */
export const pushOf = (row: NotificationRow, token: string, language: string | null) => ({
  token,
  body:
    language === 'en' && row.push_notification_text_en
      ? row.push_notification_text_en
      : (row.push_notification_text_tr ?? ''),
  data: {
    notification_id: row._id,
    ...(row.push_notification_mobile_page_id && { mobile_page_id: row.push_notification_mobile_page_id }),
    ...(row.push_notification_redirect_page_value && {
      redirect_page_value: row.push_notification_redirect_page_value,
    }),
  },
});
