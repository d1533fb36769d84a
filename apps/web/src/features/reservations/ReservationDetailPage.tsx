import {
  displayPhone,
  isObjectId,
  type Reservation,
  type ReservationStatus,
  reservationEmailInput,
  reservationSmsInput,
  reservationTransitions,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { AddReminderButton } from '../reminders/AddReminderButton';
import { ReservationStatusChip } from './ReservationStatusChip';
import { LIST_PATH, reservations, useSendEmail, useSendSms, useUpdateStatus } from './reservations.resource';
import './texts';

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A message to the customer: SMS (`sms_title`, `sms_text`) or email (`email_title`, `email_text`). */
function MessageDialog({
  row,
  channel,
  onClose,
}: {
  row: Reservation;
  channel: 'sms' | 'email';
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const titleId = useId();
  const sms = useSendSms();
  const email = useSendEmail();
  const smsForm = useZodForm(reservationSmsInput, { defaultValues: { sms_title: '', sms_text: '' } });
  const emailForm = useZodForm(reservationEmailInput, { defaultValues: { email_title: '', email_text: '' } });
  const buttons = (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
      <SubmitButton>{t('detailPage.send')}</SubmitButton>
    </Stack>
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>
        {channel === 'sms' ? t('detailPage.sendSms') : t('detailPage.sendEmail')}
      </DialogTitle>
      <DialogContent>
        {channel === 'sms' ? (
          <Form
            form={smsForm}
            labels="reservations"
            warnOnLeave={false}
            onSubmit={async (data) => {
              await sms.mutateAsync({ id: row._id, data });
              onClose();
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {displayPhone(row.reservation_customer_phone)}
            </Typography>
            <TextField name="sms_title" autoFocus />
            <TextField name="sms_text" multiline minRows={3} />
            {buttons}
          </Form>
        ) : (
          <Form
            form={emailForm}
            labels="reservations"
            warnOnLeave={false}
            onSubmit={async (data) => {
              await email.mutateAsync({ id: row._id, data });
              onClose();
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {row.reservation_customer_email}
            </Typography>
            <TextField name="email_title" autoFocus />
            <TextField name="email_text" multiline minRows={5} />
            {buttons}
          </Form>
        )}
      </DialogContent>
    </Dialog>
  );
}

const actionLabel = { accepted: 'accept', rejected: 'reject', cancelled: 'cancel' } as const;
const confirmLabel = {
  accepted: 'confirmAccept',
  rejected: 'confirmReject',
  cancelled: 'confirmCancel',
} as const;

/** /reservation/{reservationId}/detail: the reservation, its status moves and messages to the customer. */
export default function ReservationDetailPage() {
  const { t } = useTranslation('reservations');
  const language = useLanguage();
  const confirm = useConfirm();
  const { reservationId: id } = useParams();
  const one = reservations.useOne(isObjectId(id) ? id : undefined);
  const status = useUpdateStatus();
  const [message, setMessage] = useState<'sms' | 'email' | null>(null);
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : one.error?.message;
  const row = one.data;
  const moves = row
    ? (reservationTransitions[row.reservation_status] as Exclude<ReservationStatus, 'pending'>[])
    : [];
  const move = async (to: Exclude<ReservationStatus, 'pending'>) => {
    const ok = await confirm({
      title: t(`detailPage.${confirmLabel[to]}`),
      confirmText: t(`detailPage.${actionLabel[to]}`),
      destructive: to !== 'accepted',
    });
    if (ok && row) status.mutate({ id: row._id, data: { reservation_status: to } });
  };
  return (
    <>
      <PageHeader
        title={t('detail')}
        crumbs={[
          { label: t('group') },
          { label: t('title'), to: LIST_PATH },
          {
            label: row ? `${row.reservation_customer_name} ${row.reservation_customer_surname}` : t('detail'),
          },
        ]}
        action={
          row && (
            <AddReminderButton
              about={{
                reminder_reservation_id: row._id,
                label: `${row.reservation_customer_name} ${row.reservation_customer_surname}, ${dayjs(row.reservation_request_date).locale(language).format(DATE_FORMAT)} ${row.reservation_request_hour}`,
              }}
            />
          )
        }
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to={LIST_PATH}>
            {t('backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
            alignItems: 'start',
          }}
        >
          <Card>
            <CardHeader
              title={`${row.reservation_area_name} · ${dayjs(row.reservation_request_date).locale(language).format(DATE_FORMAT)} ${row.reservation_request_hour}`}
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <CardContent>
              <Box component="dl" sx={{ m: 0 }}>
                <Detail label={t('fields.customer')}>
                  {`${row.reservation_customer_name} ${row.reservation_customer_surname}`}
                </Detail>
                <Detail label={t('fields.reservation_customer_gender')}>
                  {t(`genders.${row.reservation_customer_gender}`)}
                </Detail>
                <Detail label={t('fields.reservation_customer_phone')}>
                  {displayPhone(row.reservation_customer_phone)}
                </Detail>
                <Detail label={t('fields.reservation_customer_email')}>
                  {row.reservation_customer_email ?? '—'}
                </Detail>
                <Detail label={t('fields.reservation_area')}>
                  {`${row.reservation_area_name} (${t(`areaTypes.${row.reservation_area_type}`)})`}
                </Detail>
                <Detail label={t('fields.reservation_request_date')}>
                  {dayjs(row.reservation_request_date).locale(language).format(DATE_FORMAT)}
                </Detail>
                <Detail label={t('fields.reservation_request_hour')}>{row.reservation_request_hour}</Detail>
                <Detail label={t('fields.reservation_total_person')}>{row.reservation_total_person}</Detail>
                <Detail label={t('fields.reservation_note')}>{row.reservation_note ?? '—'}</Detail>
                <Detail label={t('fields.reservation_source')}>
                  {t(`sources.${row.reservation_source}`)}
                </Detail>
                <Detail label={t('fields.createdAt')}>
                  {dayjs(row.createdAt).locale(language).format(DATE_TIME_FORMAT)}
                </Detail>
              </Box>
            </CardContent>
          </Card>
          <Stack spacing={3}>
            <Card>
              <CardHeader
                title={t('detailPage.status')}
                slotProps={{ title: { variant: 'h6', component: 'h2' } }}
              />
              <CardContent>
                <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <ReservationStatusChip status={row.reservation_status} />
                  {moves.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('detailPage.final')}
                    </Typography>
                  ) : (
                    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                      {moves.map((to) => (
                        <Button
                          key={to}
                          variant={to === 'accepted' ? 'contained' : 'outlined'}
                          color={to === 'accepted' ? 'primary' : 'error'}
                          disabled={status.isPending}
                          onClick={() => void move(to)}
                        >
                          {t(`detailPage.${actionLabel[to]}`)}
                        </Button>
                      ))}
                    </Stack>
                  )}
                </Stack>
              </CardContent>
            </Card>
            <Card>
              <CardHeader
                title={t('detailPage.messages')}
                slotProps={{ title: { variant: 'h6', component: 'h2' } }}
              />
              <CardContent>
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                  <Button variant="outlined" onClick={() => setMessage('sms')}>
                    {t('detailPage.sendSms')}
                  </Button>
                  <Button
                    variant="outlined"
                    onClick={() => setMessage('email')}
                    disabled={!row.reservation_customer_email}
                  >
                    {t('detailPage.sendEmail')}
                  </Button>
                  {!row.reservation_customer_email && (
                    <Typography variant="body2" color="text.secondary">
                      {t('detailPage.noEmail')}
                    </Typography>
                  )}
                </Stack>
              </CardContent>
            </Card>
          </Stack>
          {message && <MessageDialog row={row} channel={message} onClose={() => setMessage(null)} />}
        </Box>
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
