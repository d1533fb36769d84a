import {
  type EmailContentType,
  emailContentFields,
  emailContentTypes,
  emailNotificationInput,
  type MallPost,
  type PostKind,
} from '@avlu/contracts';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import PhoneIphoneOutlinedIcon from '@mui/icons-material/PhoneIphoneOutlined';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SelectField, SwitchField, TextField } from '../../lib/form';
import { formatDate } from '../../lib/i18n/dates';
import { IdsField } from '../pickers/PickerFields';
import { emailLists } from './EmailListsPage';
import { ImageUrlField, RecipientsField, ScheduleSection, Section } from './editor-parts';
import { useCurrentPosts } from './marketing.resource';
import { NotificationFormFrame, type NotificationFormProps } from './NotificationFormFrame';

const everyContentField = Object.values(emailContentFields).flat();

/**
 * Spec §5: "an email update sends only the content fields of the chosen content type". The form
 * keeps what was typed under another type (switching back finds it) and blanks it on the way out.
 */
export const emailForm = z.preprocess((values) => {
  if (!values || typeof values !== 'object') return values;
  const record = values as Record<string, unknown>;
  const own: readonly string[] =
    emailContentFields[record.email_notification_content_type as EmailContentType] ?? [];
  const copy = { ...record };
  // A list instead of customers: the segment and the chosen customers are kept on screen, not sent.
  if (copy.external_mail_list) {
    copy.email_notification_filters = null;
    copy.customer_ids = [];
  }
  for (const field of everyContentField)
    if (!own.includes(field))
      copy[field] = field.endsWith('_events') || field.endsWith('_promotions') ? [] : null;
  return copy;
}, emailNotificationInput);

/** The mall's current events or promotions, picked by title. */
function PostsField({ name, kind }: { name: string; kind: PostKind }) {
  const posts = useCurrentPosts(kind);
  const names = useMemo(
    () => new Map((posts.data ?? []).map((post) => [post._id, post.post_title])),
    [posts.data],
  );
  return <IdsField name={name} names={names} loading={posts.isPending} />;
}

const escapeHtml = (text: unknown) => String(text ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The mail as the customer would see it, as a document for a sandboxed frame (no scripts, no forms):
 * the inbox line (subject and preview text) above the mail as it is sent, the mall's logo, the
 * content and, for a commercial mail, the unsubscribe line the server adds (smtp-bulk-mail.ts).
 */
const previewDocument = (
  values: Record<string, unknown>,
  posts: MallPost[],
  words: { logo: string; more: string; inbox: string; unsubscribeLine: string; unsubscribeLink: string },
) => {
  const type = values.email_notification_content_type as EmailContentType | undefined;
  const image = (url: unknown) =>
    url ? `<img src="${escapeHtml(url)}" alt="" style="width:100%;display:block;border-radius:6px">` : '';
  const link = (url: unknown, inner: string) => (url ? `<a href="${escapeHtml(url)}">${inner}</a>` : inner);
  let body = '';
  if (type === 'SINGLE') body = link(values.single_content_link, image(values.single_content_image));
  else if (type === 'HTML') body = String(values.html_content ?? '');
  else if (type === 'NEWSLETTER') {
    const picked = new Set([
      ...((values.newsletter_content_events as string[]) ?? []),
      ...((values.newsletter_content_promotions as string[]) ?? []),
    ]);
    body = `${image(values.newsletter_content_image)}
      <h2>${escapeHtml(values.newsletter_content_title)}</h2>
      <p>${escapeHtml(values.newsletter_content_description).replace(/\n/g, '<br>')}</p>
      ${values.newsletter_content_link ? `<p>${link(values.newsletter_content_link, escapeHtml(words.more))}</p>` : ''}
      ${posts
        .filter((post) => picked.has(post._id))
        .map(
          (post) =>
            `<div style="display:flex;gap:12px;margin:12px 0;align-items:center">${post.post_image ? `<img src="${escapeHtml(post.post_image)}" alt="" style="width:96px;height:64px;object-fit:cover;border-radius:4px">` : ''}<div><strong>${escapeHtml(post.post_title)}</strong><br><small>${escapeHtml(formatDate(post.post_start_date))} – ${escapeHtml(formatDate(post.post_end_date))}</small></div></div>`,
        )
        .join('')}`;
  }
  const footer =
    values.email_notification_is_commercial === false
      ? ''
      : `<p class="footer">${escapeHtml(words.unsubscribeLine)} <a href="#">${escapeHtml(words.unsubscribeLink)}</a>.</p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{margin:0;font:15px/1.5 system-ui,sans-serif;color:#1c252e;background:#f4f6f8}.inbox{max-width:600px;margin:0 auto;padding:10px 20px;font-size:13px;color:#637381;border-bottom:1px solid #dfe3e8;background:#fff;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}.inbox small{display:block;font-size:11px;letter-spacing:.06em;text-transform:uppercase}.inbox strong{color:#1c252e}main{max-width:600px;margin:0 auto;background:#fff;padding:20px}h2{font-size:20px;margin:16px 0 8px}img{max-width:100%}.logo{font-weight:700;letter-spacing:.08em;color:#637381;text-align:center;padding:8px 0 16px}.footer{font-size:12px;color:#637381;text-align:center;margin-top:24px}</style></head><body>
    <div class="inbox"><small>${escapeHtml(words.inbox)}</small><strong>${escapeHtml(values.email_notification_subject)}</strong> — ${escapeHtml(values.email_notification_preview_text)}</div>
    <main>
    ${values.email_notification_showing_logo ? `<div class="logo">${escapeHtml(words.logo)}</div>` : ''}
    ${body}
    ${footer}
  </main></body></html>`;
};

/** The preview in a desktop (600 px mail) or phone (375 px) width. */
function EmailPreview() {
  const { t } = useTranslation('marketing');
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const values = useWatch() as Record<string, unknown>;
  const events = useCurrentPosts('event');
  const promotions = useCurrentPosts('promotion');
  const html = previewDocument(values, [...(events.data ?? []), ...(promotions.data ?? [])], {
    logo: t('email.logoPlaceholder'),
    more: t('email.readMore'),
    inbox: t('email.inboxLine'),
    unsubscribeLine: t('email.unsubscribeLine'),
    unsubscribeLink: t('email.unsubscribeLink'),
  });
  return (
    <Section
      title={t('email.preview')}
      action={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={width}
          onChange={(_, next) => next && setWidth(next)}
          aria-label={t('email.previewWidth')}
        >
          <ToggleButton value="desktop" aria-label={t('email.desktop')}>
            <ComputerOutlinedIcon fontSize="small" />
          </ToggleButton>
          <ToggleButton value="phone" aria-label={t('email.phone')}>
            <PhoneIphoneOutlinedIcon fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Box sx={{ overflowX: 'auto', bgcolor: 'background.neutral', borderRadius: 1, p: 1 }}>
        <Box
          component="iframe"
          title={t('email.preview')}
          sandbox=""
          srcDoc={html}
          sx={{
            display: 'block',
            mx: 'auto',
            border: 1,
            borderColor: 'divider',
            borderRadius: width === 'phone' ? 3 : 1,
            width: width === 'phone' ? 375 : 640,
            maxWidth: width === 'phone' ? 375 : '100%',
            height: 560,
            bgcolor: 'common.white',
          }}
        />
      </Box>
    </Section>
  );
}

/** The segment and customers, or one of the mall's external lists (`external_mail_list`) instead. */
function Recipients({ commercial, saved }: { commercial: boolean; saved: number | undefined }) {
  const { t, i18n } = useTranslation('marketing');
  const lists = emailLists.useList({ pagination: { limit: 100, currentPage: 1 } });
  const list = useWatch({ name: 'external_mail_list' }) as string | null;
  const options = [
    { value: '', label: t('email.toCustomers') },
    ...(lists.data?.data ?? []).map((row) => ({
      value: row._id,
      label: t('email.listOption', {
        name: row.list_name,
        count: new Intl.NumberFormat(i18n.language).format(row.list_address_count),
      }),
    })),
  ];
  return (
    <>
      <SelectField
        name="external_mail_list"
        options={options}
        hint="marketing:email.listHint"
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      />
      {list ? (
        saved !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {t('reach.email', {
              count: saved,
              formatted: new Intl.NumberFormat(i18n.language).format(saved),
            })}
          </Typography>
        )
      ) : (
        <RecipientsField
          kind="email"
          name="email_notification_filters"
          commercial={commercial}
          saved={saved}
        />
      )}
    </>
  );
}

/** The content fields of the chosen type. */
function ContentFields() {
  const type = useWatch({ name: 'email_notification_content_type' }) as EmailContentType | undefined;
  if (type === 'SINGLE')
    return (
      <>
        <ImageUrlField name="single_content_image" />
        <TextField name="single_content_link" type="url" required hint="marketing:email.linkHint" />
      </>
    );
  if (type === 'HTML')
    return (
      <TextField
        name="html_content"
        required
        multiline
        minRows={8}
        hint="marketing:email.htmlHint"
        slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
      />
    );
  if (type === 'NEWSLETTER')
    return (
      <>
        <ImageUrlField name="newsletter_content_image" />
        <TextField name="newsletter_content_title" required />
        <TextField name="newsletter_content_description" required multiline minRows={3} />
        <TextField name="newsletter_content_link" type="url" required hint="marketing:email.linkHint" />
        <PostsField name="newsletter_content_events" kind="event" />
        <PostsField name="newsletter_content_promotions" kind="promotion" />
      </>
    );
  return null;
}

/** The email editor (spec §3 Email notification; §5: subject and preview at least 5; a preview or an image). */
export function EmailForm(props: NotificationFormProps<'email'>) {
  const { t } = useTranslation('marketing');
  return (
    <NotificationFormFrame {...props} kind="email" schema={emailForm as never} aside={<EmailPreview />}>
      {({ commercial, saved }) => (
        <>
          <Section title={t('email.message')}>
            <TextField name="email_notification_subject" required />
            <TextField name="email_notification_preview_text" hint="marketing:email.previewHint" />
            <SwitchField name="email_notification_showing_logo" />
          </Section>
          <Section title={t('email.content')}>
            <SelectField
              name="email_notification_content_type"
              required
              options={emailContentTypes.map((type) => ({
                value: type,
                label: t(`email.contentTypes.${type}`),
              }))}
            />
            <ContentFields />
          </Section>
          <Section title={t('form.recipients')}>
            <Recipients commercial={commercial} saved={saved} />
          </Section>
          <ScheduleSection kind="email" />
        </>
      )}
    </NotificationFormFrame>
  );
}
