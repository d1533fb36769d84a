import type { Language } from '@avlu/contracts';
import type { MailMessage } from '../../platform/mail';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every value put into a mail's HTML goes through this: names and addresses are typed by people. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

export type MailContent = {
  lang: Language;
  /** The heading, also the last words of the subject. */
  title: string;
  /** Plain sentences (not HTML), escaped here. */
  paragraphs: string[];
  action: { label: string; url: string };
  /** The line under the button that gives the link as text, for clients that hide buttons. */
  linkIntro: string;
  footer: string;
};

/**
 * One message as HTML (a table layout with inline styles, as mail clients need) and as plain text
 * with the same words and the link spelled out.
 */
export const renderMail = (content: MailContent): { html: string; text: string } => {
  const url = escapeHtml(content.action.url);
  const paragraphs = content.paragraphs
    .map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html lang="${content.lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#212b36">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px">${escapeHtml(content.title)}</h1>
${paragraphs}
<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 24px;background:#00a76f;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 8px;font-size:13px;color:#637381">${escapeHtml(content.linkIntro)}</p>
<p style="margin:0 0 24px;font-size:13px;word-break:break-all"><a href="${url}" style="color:#00a76f">${url}</a></p>
<p style="margin:0;font-size:12px;color:#919eab">${escapeHtml(content.footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>`;
  const text = [
    content.title,
    '',
    ...content.paragraphs.flatMap((line) => [line, '']),
    `${content.action.label}: ${content.action.url}`,
    '',
    content.footer,
    '',
  ].join('\n');
  return { html, text };
};

/** The words of a mail whose point is one link, in the recipient's language. */
export type ActionMailWords = Omit<MailContent, 'lang' | 'action'> & { subject: string; action: string };

/** A mail whose point is one link: an invitation, a password reset. */
export const actionMail = (
  to: string,
  lang: Language,
  link: string,
  words: ActionMailWords,
): MailMessage => ({
  to,
  subject: words.subject,
  lang,
  ...renderMail({ ...words, lang, action: { label: words.action, url: link } }),
});
