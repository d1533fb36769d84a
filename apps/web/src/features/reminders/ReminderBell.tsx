import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDueReminderCount } from './due-count';

// The popover, its list and the add dialog load on the first click: the bell is on every page.
const ReminderPopover = lazy(() => import('./ReminderPopover'));

/** The top bar's bell (issue 17 #8): the count of the user's due reminders, and their list on click. */
export function ReminderBell() {
  const { t } = useTranslation('layout');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const count = useDueReminderCount().data ?? 0;
  return (
    <>
      <IconButton
        aria-label={count > 0 ? t('reminders.buttonDue', { count }) : t('reminders.button')}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={count} color="error" max={99}>
          <NotificationsNoneOutlinedIcon />
        </Badge>
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <ReminderPopover anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
