import AlarmAddOutlinedIcon from '@mui/icons-material/AlarmAddOutlined';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReminderAbout } from './ReminderDialog';
import './texts';

const ReminderDialog = lazy(() => import('./ReminderDialog'));

/**
 * 'Hatırlatıcı ekle' on a record's page (a customer, a reservation): the bell's dialog with the record
 * linked. The dialog and its texts load on the first click.
 */
export function AddReminderButton({ about }: { about: ReminderAbout }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation('reminders');
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<AlarmAddOutlinedIcon />}
        onClick={() => setOpen(true)}
      >
        {t('add')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ReminderDialog about={about} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
