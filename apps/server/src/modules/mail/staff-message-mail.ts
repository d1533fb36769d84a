import type { MailMessage } from '../../platform/mail';
import { escapeHtml } from './mail-layout';

/**
 * A message the mall's staff wrote to one customer (a feedback's answer, a word about a reservation),
 * as mail: their title as the heading and after the mall's name in the subject, their text as
 * paragraphs (escaped: people typed it), and `about`, a line saying what it is about. Turkish, the
 * mall's language: these records do not say the customer's.
 */
export const staffMessageMail = (
  to: string,
  reply: { mall: string; title: string; text: string; about: string },
): MailMessage => {
  const footer = reply.about;
  const paragraphs = reply.text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);
  const html = `<!doctype html>
<html lang="tr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(reply.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#212b36">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<h1 style="margin:0 0 24px;font-size:22px">${escapeHtml(reply.title)}</h1>
${paragraphs.map((line) => `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${escapeHtml(line)}</p>`).join('\n')}
<p style="margin:24px 0 0;font-size:12px;color:#919eab">${escapeHtml(footer)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>`;
  const text = [reply.title, '', ...paragraphs.flatMap((line) => [line, '']), footer, ''].join('\n');
  return { to, subject: `${reply.mall}: ${reply.title}`, html, text, lang: 'tr' };
};
