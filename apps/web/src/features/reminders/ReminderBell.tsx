import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDueReminderCount } from './due-count';

// The popover, its list and the add dialog load on the first click: the bell is on every page.
const ReminderPopover = lazy(() => import('./popover-loader').then((loader) => loader.loadReminderPopover()));

/**
 * The top bar's bell (issue 17 #8): the count of the user's due reminders, and their list on click.
 * The count is a plain span rather than MUI's Badge, which cost the customer list's first load 2 KB.
 */
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
        <NotificationsNoneOutlinedIcon />
        {count > 0 && (
          <Box
            component="span"
            sx={{
              position: 'absolute',
              top: 2,
              right: 0,
              minWidth: 20,
              height: 20,
              px: 0.5,
              borderRadius: 10,
              bgcolor: 'error.main',
              color: 'error.contrastText',
              fontSize: 12,
              fontWeight: 600,
              lineHeight: '20px',
              textAlign: 'center',
            }}
          >
            {count > 99 ? '99+' : count}
          </Box>
        )}
      </IconButton>
      {anchor && (
        <Suspense fallback={null}>
          <ReminderPopover anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
