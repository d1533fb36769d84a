import { reminderInput } from '@avlu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField, Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { useMallTimezone } from '../locations/my-locations';
import { reminders } from './reminders.resource';
import './texts';

/** What a new reminder is about, from the page it is added on. */
export type ReminderAbout = {
  reminder_customer_id?: string;
  reminder_reservation_id?: string;
  reminder_lending_id?: string;
  /** How the page names the record ('Müşteri: Ayşe Yılmaz'), shown above the fields. */
  label: string;
};

/** The next full hour: a sensible first guess of when to be reminded. */
const nextHour = (now = Date.now()) => {
  const hour = 3_600_000;
  return new Date(Math.ceil((now + 1) / hour) * hour).toISOString();
};

/**
 * 'Hatırlatıcı ekle': the moment (on the mall's clock) and the note, with the record of the page it
 * was opened on, if any. POST /reminder; the bell's count and lists refresh.
 */
export function ReminderDialog({ about, onClose }: { about?: ReminderAbout; onClose: () => void }) {
  const { t } = useTranslation('reminders');
  const titleId = useId();
  const timezone = useMallTimezone();
  const form = useZodForm(reminderInput, {
    defaultValues: {
      reminder_date: nextHour(),
      reminder_text: '',
      reminder_customer_id: about?.reminder_customer_id ?? null,
      reminder_reservation_id: about?.reminder_reservation_id ?? null,
      reminder_lending_id: about?.reminder_lending_id ?? null,
    },
  });
  const create = reminders.useAction(reminders.calls.create, { success: 'reminders:created', error: false });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Form
        form={form}
        labels="reminders"
        warnOnLeave={false}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          onClose();
        }}
      >
        <DialogTitle id={titleId}>{t('add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {about && (
              <Typography variant="body2" color="text.secondary">
                {t('about')}: {about.label}
              </Typography>
            )}
            <DateTimeField name="reminder_date" timezone={timezone} required />
            <TextField
              name="reminder_text"
              multiline
              minRows={3}
              required
              hint="reminders:hints.reminder_text"
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('cancel')}</Button>
          <SubmitButton>{t('save')}</SubmitButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

export default ReminderDialog;
