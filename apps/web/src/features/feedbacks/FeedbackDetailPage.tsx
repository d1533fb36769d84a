import { displayPhone } from '@avlu/contracts';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { FeedbackStatusChip } from './FeedbackStatusChip';
import { typeName } from './FeedbacksPage';
import { feedbackDetails, feedbacks, setStatus } from './feedbacks.resource';
import { ReplyDialog } from './ReplyDialog';
import './texts';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Stack>
  );
}

/** /feedbacks/{feedbackId}: the feedback, its author, the answers sent; mark viewed, answer by SMS or email. */
export default function FeedbackDetailPage() {
  const { t } = useTranslation('feedbacks');
  const language = useLanguage();
  const { feedbackId } = useParams();
  const detail = feedbackDetails.useOne(feedbackId);
  const [reply, setReply] = useState<'sms' | 'mail' | null>(null);
  const markViewed = feedbacks.useAction(setStatus, { success: 'feedbacks:detail.viewed' });
  const row = detail.data;
  const crumbs = [
    { label: t('group'), to: '/feedbacks' },
    { label: t('title'), to: '/feedbacks/list' },
    { label: row?.feedback_title ?? '…' },
  ];
  if (detail.isError) return <Alert severity="error">{detail.error.message}</Alert>;
  if (!row)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
        <CircularProgress aria-label={t('detail.about')} />
      </Box>
    );
  return (
    <>
      <PageHeader
        title={row.feedback_title}
        crumbs={crumbs}
        action={
          <Stack direction="row" spacing={1}>
            {row.feedback_status === 'new' && (
              <Button
                startIcon={<VisibilityOutlinedIcon />}
                disabled={markViewed.isPending}
                onClick={() => markViewed.mutate({ id: row._id, status: 'viewed' })}
              >
                {t('detail.markViewed')}
              </Button>
            )}
            <Button
              variant="outlined"
              startIcon={<SmsOutlinedIcon />}
              disabled={!row.feedback_phone_number}
              onClick={() => setReply('sms')}
            >
              {t('detail.replySms')}
            </Button>
            <Button
              variant="contained"
              startIcon={<EmailOutlinedIcon />}
              disabled={!row.feedback_email}
              onClick={() => setReply('mail')}
            >
              {t('detail.replyMail')}
            </Button>
          </Stack>
        }
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Card>
          <CardHeader title={t('detail.about')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <CardContent>
            <Stack spacing={1.5}>
              <Line label={t('fields.feedback_status')}>
                <FeedbackStatusChip status={row.feedback_status} />
              </Line>
              <Line label={t('fields.feedback_type')}>{typeName(row, language)}</Line>
              <Line label={t('fields.createdAt')}>
                {formatDateTime(row.createdAt)} · {t(`sources.${row.feedback_source}`)}
              </Line>
              <Divider />
              <Typography variant="body1" sx={{ whiteSpace: 'pre-line' }}>
                {row.feedback_text}
              </Typography>
              {row.feedback_file && (
                <Box
                  component="img"
                  src={row.feedback_file}
                  alt={t('detail.file')}
                  sx={{ maxWidth: 320, borderRadius: 1, border: 1, borderColor: 'divider' }}
                />
              )}
            </Stack>
          </CardContent>
        </Card>
        <Stack spacing={3}>
          <Card>
            <CardHeader
              title={t('detail.sender')}
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <CardContent>
              {row.feedback_anonymous ? (
                <Typography variant="body2">{t('anonymous')}</Typography>
              ) : (
                <Stack spacing={1.5}>
                  <Line label={t('person')}>
                    {row.feedback_name} {row.feedback_surname}
                  </Line>
                  {row.feedback_gender && (
                    <Line label={t('fields.feedback_gender')}>{t(`genders.${row.feedback_gender}`)}</Line>
                  )}
                  {row.feedback_phone_number && (
                    <Line label={t('fields.feedback_phone_number')}>
                      {displayPhone(row.feedback_phone_number)}
                    </Line>
                  )}
                  {row.feedback_email && <Line label={t('fields.feedback_email')}>{row.feedback_email}</Line>}
                </Stack>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader
              title={t('detail.replies')}
              slotProps={{ title: { variant: 'h6', component: 'h2' } }}
            />
            <CardContent>
              {row.feedback_replies.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('detail.noReplies')}
                </Typography>
              ) : (
                <Stack spacing={2} divider={<Divider />}>
                  {row.feedback_replies.map((sent) => (
                    <Stack key={`${sent.sent_at}-${sent.channel}`} spacing={0.5}>
                      <Typography variant="caption" color="text.secondary">
                        {t(`detail.channels.${sent.channel}`)} · {sent.to} · {formatDateTime(sent.sent_at)}
                      </Typography>
                      <Typography variant="subtitle2">{sent.title}</Typography>
                      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                        {sent.text}
                      </Typography>
                    </Stack>
                  ))}
                </Stack>
              )}
            </CardContent>
          </Card>
        </Stack>
      </Box>
      {reply && (
        <ReplyDialog
          id={row._id}
          channel={reply}
          to={reply === 'sms' ? displayPhone(row.feedback_phone_number ?? '') : (row.feedback_email ?? '')}
          onClose={() => setReply(null)}
        />
      )}
    </>
  );
}
