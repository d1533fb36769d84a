import {
  type FeedbackMailReply,
  type FeedbackSmsReply,
  feedbackMailReply,
  feedbackSmsReply,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { feedbacks, sendMail, sendSms } from './feedbacks.resource';
import './texts';

type ReplyDialogProps = { id: string; channel: 'sms' | 'mail'; to: string; onClose: () => void };

/** Answers the feedback's author by SMS or email; the feedback becomes informed for good (spec §4). */
export function ReplyDialog({ id, channel, to, onClose }: ReplyDialogProps) {
  const { t } = useTranslation('feedbacks');
  const sms = useZodForm(feedbackSmsReply, { defaultValues: { sms_title: '', sms_text: '' } });
  const mail = useZodForm(feedbackMailReply, { defaultValues: { mail_title: '', mail_text: '' } });
  const send = feedbacks.useAction(
    (values: object) =>
      channel === 'sms'
        ? sendSms({ id, ...(values as FeedbackSmsReply) })
        : sendMail({ id, ...(values as FeedbackMailReply) }),
    { success: 'feedbacks:detail.sent', error: false },
  );
  const title = channel === 'sms' ? t('detail.replySms') : t('detail.replyMail');
  const fields =
    channel === 'sms' ? (
      <>
        <TextField name="sms_title" autoFocus />
        <TextField name="sms_text" multiline minRows={4} />
      </>
    ) : (
      <>
        <TextField name="mail_title" autoFocus />
        <TextField name="mail_text" multiline minRows={6} />
      </>
    );
  const body = (
    <>
      <DialogTitle id="feedback-reply-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="info">
            {t('detail.to')}: {to}. {t('detail.irreversible')}
          </Alert>
          {fields}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('detail.cancel')}</Button>
        <SubmitButton>{t('detail.send')}</SubmitButton>
      </DialogActions>
    </>
  );
  const submit = async (values: object) => {
    await send.mutateAsync(values);
    onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-reply-title">
      {channel === 'sms' ? (
        <Form form={sms} labels="feedbacks" warnOnLeave={false} onSubmit={submit}>
          {body}
        </Form>
      ) : (
        <Form form={mail} labels="feedbacks" warnOnLeave={false} onSubmit={submit}>
          {body}
        </Form>
      )}
    </Dialog>
  );
}
