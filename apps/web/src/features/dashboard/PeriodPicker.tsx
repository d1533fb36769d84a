import { type DashboardInterval, mallDashboardIntervals } from '@avlu/contracts';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useUrlFilters } from '../../lib/data-table/table-state';
import { DEFAULT_INTERVAL, type PeriodChoice } from './period';
import './texts';

/**
 * The dashboard's period, kept in the address (`?interval=date_range&startDate=…&endDate=…`) so a
 * reload or a shared link shows the same figures; the default period leaves the address bare.
 */
export function PeriodPicker({ period }: { period: PeriodChoice }) {
  const { t } = useTranslation('dashboard');
  const { set, change } = useUrlFilters();
  const choose = (interval: DashboardInterval) =>
    change((next) => {
      if (interval === DEFAULT_INTERVAL) next.delete('interval');
      else next.set('interval', interval);
      if (interval !== 'date_range') {
        next.delete('startDate');
        next.delete('endDate');
      }
    });
  // A missing day is said by the hint above the figures, not as an error under an untouched field.
  const problem = (field: 'startDate' | 'endDate') =>
    period[field] || (period.startDate && period.endDate) ? period.problems[field] : undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
      <TextField
        select
        size="small"
        label={t('period.label')}
        value={period.interval}
        onChange={(event) => choose(event.target.value as DashboardInterval)}
        sx={{ minWidth: 200 }}
      >
        {mallDashboardIntervals.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`period.intervals.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {period.interval === 'date_range' && (
        <>
          <TextField
            type="date"
            size="small"
            label={t('period.startDate')}
            value={period.startDate}
            onChange={(event) => set('startDate', event.target.value)}
            error={Boolean(problem('startDate'))}
            helperText={problem('startDate')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            size="small"
            label={t('period.endDate')}
            value={period.endDate}
            onChange={(event) => set('endDate', event.target.value)}
            error={Boolean(problem('endDate'))}
            helperText={problem('endDate')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </>
      )}
    </Stack>
  );
}
