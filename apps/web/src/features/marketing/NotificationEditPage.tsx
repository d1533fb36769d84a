import { isObjectId, type NotificationKind } from '@avlu/contracts';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { EmailForm } from './EmailForm';
import {
  type AnyNotification,
  type NotificationOf,
  notificationResources,
  potentialOf,
  stateOf,
  titleOf,
  useSend,
  useTestSend,
} from './marketing.resource';
import { isEditable, kindBase } from './NotificationListPage';
import { NotificationStateChip } from './NotificationStateChip';
import { PushForm } from './PushForm';
import { SmsForm } from './SmsForm';
import './texts';

/** A new notification's values. */
const blank: Record<NotificationKind, FieldValues> = {
  push: {
    push_notification_text_tr: '',
    push_notification_text_en: '',
    push_notification_mobile_page_id: '',
    push_notification_redirect_page_value: '',
    push_notification_filters: null,
    push_notification_scheduled_for_datetime: null,
    push_notification_is_commercial: true,
  },
  sms: {
    sms_notification_title: '',
    sms_notification_text: '',
    sms_notification_filters: null,
    customer_ids: [],
    sms_notification_scheduled_for_datetime: null,
    sms_notification_is_commercial: true,
  },
  email: {
    email_notification_subject: '',
    email_notification_preview_text: '',
    email_notification_showing_logo: true,
    email_notification_content_type: 'SINGLE',
    single_content_image: null,
    single_content_link: '',
    html_content: '',
    newsletter_content_image: null,
    newsletter_content_title: '',
    newsletter_content_link: '',
    newsletter_content_description: '',
    newsletter_content_events: [],
    newsletter_content_promotions: [],
    email_notification_filters: null,
    customer_ids: [],
    external_mail_list: null,
    email_notification_scheduled_for_datetime: null,
    email_notification_is_commercial: true,
  },
};

/** A saved notification as the form's values: the input's fields only, blanks as the form holds them. */
const formValues = (kind: NotificationKind, row: AnyNotification): FieldValues => {
  const values: FieldValues = {};
  for (const [key, empty] of Object.entries(blank[kind])) {
    const saved = (row as Record<string, unknown>)[key];
    values[key] = saved === null || saved === undefined ? empty : saved;
  }
  return values;
};

const forms = { push: PushForm, sms: SmsForm, email: EmailForm } as const;

/** §5 client handling: phones without spaces; emails without whitespace, split on comma or semicolon. */
export const testRecipients = (kind: NotificationKind, text: string) =>
  kind === 'email'
    ? text.replace(/\s+/g, '').split(/[;,]/).filter(Boolean)
    : text
        .split(/[\n;,]/)
        .map((phone) => phone.replace(/\s+/g, ''))
        .filter(Boolean);

/** `PUT …/{id}/test`: to the phones or addresses typed. */
function TestDialog({ kind, id, onClose }: { kind: NotificationKind; id: string; onClose: () => void }) {
  const { t } = useTranslation('marketing');
  const titleId = useId();
  const [text, setText] = useState('');
  const test = useTestSend(kind);
  const to = testRecipients(kind, text);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('test.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t(kind === 'email' ? 'test.emailsHint' : 'test.phonesHint')}</DialogContentText>
          <TextField
            autoFocus
            multiline
            minRows={2}
            label={t(kind === 'email' ? 'test.emails' : 'test.phones')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={test.isError}
            helperText={test.error?.message}
          />
          {test.data?.results.some((one) => one.state !== 'sent') && (
            <Alert severity="warning">
              {test.data.results
                .filter((one) => one.state !== 'sent')
                .map((one) =>
                  t('test.failed', { to: one.to, reason: one.error ?? t(`test.states.${one.state}`) }),
                )
                .join(' · ')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
        <Button
          variant="contained"
          disabled={to.length === 0 || test.isPending}
          onClick={() =>
            test.mutate(
              { id, to },
              {
                onSuccess: (result) => {
                  if (result.results.every((one) => one.state === 'sent')) onClose();
                },
              },
            )
          }
        >
          {t('test.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Test and send now, for a notification that can still be sent. */
function SendActions({ kind, row }: { kind: NotificationKind; row: AnyNotification }) {
  const { t, i18n } = useTranslation('marketing');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const send = useSend(kind);
  const [testing, setTesting] = useState(false);
  const sendNow = async () => {
    const ok = await confirm({
      title: t('send.title'),
      content: t('send.question', {
        name: titleOf(kind, row),
        count: potentialOf(kind, row),
        formatted: new Intl.NumberFormat(i18n.language).format(potentialOf(kind, row)),
      }),
      confirmText: t('send.confirm'),
    });
    if (!ok) return;
    // Awaited rather than mutate's onSuccess: the send refreshes this record, which is then no longer
    // editable, so these actions are gone (and a per-call onSuccess with them) before it would run.
    try {
      await send.mutateAsync(row._id);
    } catch {
      return; // the toast says why
    }
    navigate(kindBase(kind));
  };
  return (
    <>
      <Button startIcon={<ScienceOutlinedIcon />} onClick={() => setTesting(true)}>
        {t('test.action')}
      </Button>
      <Button
        variant="contained"
        startIcon={<SendOutlinedIcon />}
        disabled={send.isPending}
        onClick={() => void sendNow()}
      >
        {t('send.action')}
      </Button>
      {testing && <TestDialog kind={kind} id={row._id} onClose={() => setTesting(false)} />}
    </>
  );
}

/** /marketing/{kind}-notifications/new. */
export function NotificationCreatePage({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const create = notificationResources[kind].useCreate({ error: false });
  const KindForm = forms[kind] as (props: {
    defaultValues: FieldValues;
    onSubmit: (v: FieldValues) => Promise<unknown>;
  }) => React.ReactNode;
  return (
    <>
      <PageHeader
        title={t(`${kind}.new`)}
        crumbs={[
          { label: t('title'), to: '/marketing' },
          { label: t(`${kind}.listTitle`), to: kindBase(kind) },
          { label: t(`${kind}.new`) },
        ]}
      />
      <KindForm
        defaultValues={blank[kind]}
        onSubmit={async (values) => {
          await create.mutateAsync(values as never);
          navigate(kindBase(kind));
        }}
      />
    </>
  );
}

/** /marketing/{kind}-notifications/{id}/edit: while created or scheduled; test and send now from here. */
export function NotificationEditPage({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const { id } = useParams();
  const resource = notificationResources[kind];
  const one = resource.useOne(isObjectId(id) ? id : undefined);
  const update = resource.useUpdate({ error: false });
  const row = one.data as AnyNotification | undefined;
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : one.error?.message;
  const KindForm = forms[kind] as (props: {
    defaultValues: FieldValues;
    saved?: NotificationOf[typeof kind];
    onSubmit: (v: FieldValues) => Promise<unknown>;
  }) => React.ReactNode;
  const editable = row ? isEditable(stateOf(kind, row)) : false;
  return (
    <>
      <PageHeader
        title={t(`${kind}.edit`)}
        crumbs={[
          { label: t('title'), to: '/marketing' },
          { label: t(`${kind}.listTitle`), to: kindBase(kind) },
          { label: row ? titleOf(kind, row) : t(`${kind}.edit`) },
        ]}
        action={row && editable && <SendActions kind={kind} row={row} />}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to={kindBase(kind)}>
            {t('backToList')}
          </Button>
        </Stack>
      ) : row ? (
        editable ? (
          <KindForm
            key={row._id}
            defaultValues={formValues(kind, row)}
            saved={row}
            onSubmit={async (data) => {
              await update.mutateAsync({ id: row._id, data: data as never });
              navigate(kindBase(kind));
            }}
          />
        ) : (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="info" action={<NotificationStateChip state={stateOf(kind, row)} />}>
              {t('notEditable')}
            </Alert>
            {kind !== 'push' && (
              <Button component={RouterLink} to={`${kindBase(kind)}/${row._id}/report`}>
                {t('report.action')}
              </Button>
            )}
          </Stack>
        )
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
