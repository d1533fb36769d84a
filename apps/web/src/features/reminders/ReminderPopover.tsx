import type { Reminder } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../lib/i18n/dates';
import { useMallTimezone } from '../locations/my-locations';
import { ReminderDialog } from './ReminderDialog';
import { dueQuery, reminderLinks, reminders, upcomingQuery } from './reminders.resource';
import './texts';

const POPOVER_WIDTH = 360;

function ReminderRow({
  row,
  timezone,
  onOpenLink,
  onDone,
  busy,
}: {
  row: Reminder;
  timezone: string;
  onOpenLink: () => void;
  onDone?: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('reminders');
  return (
    <ListItem divider sx={{ display: 'block', px: 2, py: 1.25 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {row.reminder_text}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="p">
            <time dateTime={row.reminder_date}>{formatDateTime(row.reminder_date, { timezone })}</time>
          </Typography>
          {reminderLinks(row, t).map((link) => (
            <Link
              key={link.to}
              component={RouterLink}
              to={link.to}
              variant="caption"
              onClick={onOpenLink}
              sx={{ display: 'block' }}
            >
              {link.label}
            </Link>
          ))}
        </Box>
        {onDone && (
          <Button
            size="small"
            variant="outlined"
            startIcon={<TaskAltIcon />}
            disabled={busy}
            aria-label={t('markDoneOf', { text: row.reminder_text })}
            onClick={onDone}
            sx={{ flexShrink: 0 }}
          >
            {t('markDone')}
          </Button>
        )}
      </Stack>
    </ListItem>
  );
}

function Section({
  title,
  query,
  empty,
  timezone,
  onOpenLink,
  withDone,
}: {
  title: string;
  query: typeof dueQuery;
  empty: string;
  timezone: string;
  onOpenLink: () => void;
  withDone?: boolean;
}) {
  const { t } = useTranslation('reminders');
  const headingId = useId();
  const list = reminders.useList(query, { staleTime: 0 });
  const markDone = reminders.useAction(reminders.calls.update, { success: 'reminders:done' });
  const rows = list.data?.data ?? [];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="overline" component="h3" sx={{ px: 2, pt: 1.5, display: 'block' }}>
        {title}
        {list.data && list.data.pagination.total > 0 ? ` (${list.data.pagination.total})` : ''}
      </Typography>
      {list.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={24} aria-label={t('title')} />
        </Box>
      ) : list.isError ? (
        <Alert
          severity="error"
          sx={{ mx: 2, my: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {empty}
        </Typography>
      ) : (
        <List disablePadding>
          {rows.map((row) => (
            <ReminderRow
              key={row._id}
              row={row}
              timezone={timezone}
              onOpenLink={onOpenLink}
              busy={markDone.isPending}
              onDone={
                withDone ? () => markDone.mutate({ id: row._id, data: { reminder_done: true } }) : undefined
              }
            />
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * The bell's popover: the user's due reminders (text, time, what they are about as a link, 'Tamamlandı'),
 * the next waiting ones, and 'Hatırlatıcı ekle'.
 */
export default function ReminderPopover({ anchor, onClose }: { anchor: HTMLElement; onClose: () => void }) {
  const { t } = useTranslation('reminders');
  const timezone = useMallTimezone();
  const [adding, setAdding] = useState(false);
  return (
    <>
      <Popover
        open={!adding}
        anchorEl={anchor}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: { width: POPOVER_WIDTH, maxWidth: 'calc(100vw - 32px)', maxHeight: 520, mt: 1 },
            role: 'dialog',
            'aria-label': t('title'),
          },
        }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
          <Typography variant="subtitle1" component="h2">
            {t('title')}
          </Typography>
          <Button size="small" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        </Stack>
        <Divider />
        <Section
          title={t('due')}
          query={dueQuery}
          empty={t('noneDue')}
          timezone={timezone}
          onOpenLink={onClose}
          withDone
        />
        <Section
          title={t('upcoming')}
          query={upcomingQuery}
          empty={t('noneUpcoming')}
          timezone={timezone}
          onOpenLink={onClose}
          withDone
        />
      </Popover>
      {adding && <ReminderDialog onClose={onClose} />}
    </>
  );
}
