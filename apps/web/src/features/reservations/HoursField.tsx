import {
  groupAreaHours,
  type ReservationAreaHour,
  type ReservationDay,
  reservationDays,
} from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useController, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import './texts';

type Row = { key: number; time_range: string; max_reservation_number: number | ''; days: ReservationDay[] };

let keys = 0;

/** The entries of the rows, each row's range once per day chosen, and the row each entry came from. */
const flatten = (rows: readonly Row[]) => {
  const entries: ReservationAreaHour[] = [];
  const rowOf: number[] = [];
  rows.forEach((row, index) => {
    for (const day of reservationDays)
      if (row.days.includes(day)) {
        entries.push({
          day,
          time_range: row.time_range.trim(),
          max_reservation_number: row.max_reservation_number as number,
        });
        rowOf.push(index);
      }
  });
  return { entries, rowOf };
};

/**
 * An area's hours by days (spec §3): the entries (a day, a time range, a maximum) shown as rows, one
 * per time range and maximum, each listing its days. The form's value stays the entries the API
 * takes; an entry's error is shown on the row it came from.
 */
export function HoursField() {
  const { t } = useTranslation('reservations');
  const { field } = useController({ name: 'reservation_area_hours_by_days' });
  const { errors, isSubmitting } = useFormState({ name: 'reservation_area_hours_by_days' });
  const [rows, setRows] = useState<Row[]>(() =>
    groupAreaHours((field.value as ReservationAreaHour[]) ?? []).map((row) => ({ ...row, key: ++keys })),
  );
  const { rowOf } = flatten(rows);
  const update = (next: Row[]) => {
    setRows(next);
    field.onChange(flatten(next).entries);
  };
  const change = (index: number, part: Partial<Row>) =>
    update(rows.map((row, at) => (at === index ? { ...row, ...part } : row)));

  const fieldErrors = errors.reservation_area_hours_by_days as
    | ({ message?: string } & Record<number, Record<string, { message?: string }>>)
    | undefined;
  const rowErrors = new Map<number, string[]>();
  if (fieldErrors)
    for (const [index, entry] of Object.entries(fieldErrors)) {
      if (!/^\d+$/.test(index) || !entry) continue;
      const messages = Object.values(entry).flatMap((issue) => (issue?.message ? [issue.message] : []));
      const row = rowOf[Number(index)];
      if (row !== undefined) rowErrors.set(row, [...new Set([...(rowErrors.get(row) ?? []), ...messages])]);
    }

  return (
    <Box sx={{ display: 'grid', gap: 2 }} role="group" aria-labelledby="hours-title">
      <Typography id="hours-title" variant="subtitle2" component="p" color="text.secondary">
        {t('areas.form.hoursHint')}
      </Typography>
      {rows.map((row, index) => {
        const problems = rowErrors.get(index);
        const label = row.time_range || String(index + 1);
        return (
          <Box
            key={row.key}
            sx={{
              display: 'grid',
              gap: 1.5,
              p: 2,
              border: 1,
              borderColor: problems ? 'error.main' : 'divider',
              borderRadius: 2,
            }}
          >
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
              <MuiTextField
                size="small"
                label={t('fields.time_range')}
                value={row.time_range}
                disabled={isSubmitting}
                helperText={t('areas.form.rangeHint')}
                onChange={(event) => change(index, { time_range: event.target.value })}
                sx={{ width: 200 }}
              />
              <MuiTextField
                size="small"
                type="number"
                label={t('fields.max_reservation_number')}
                value={row.max_reservation_number}
                disabled={isSubmitting}
                slotProps={{ htmlInput: { min: 1 } }}
                onChange={(event) =>
                  change(index, {
                    max_reservation_number: event.target.value === '' ? '' : Number(event.target.value),
                  })
                }
                sx={{ width: 200 }}
              />
              <IconButton
                aria-label={t('areas.form.removeRow', { range: label })}
                onClick={() => update(rows.filter((_, at) => at !== index))}
                disabled={isSubmitting}
                sx={{ ml: 'auto' }}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Box>
            <Box
              role="group"
              aria-label={`${t('fields.days')}: ${label}`}
              sx={{ display: 'flex', flexWrap: 'wrap' }}
            >
              {reservationDays.map((day) => (
                <FormControlLabel
                  key={day}
                  label={t(`shortDays.${day}`)}
                  control={
                    <Checkbox
                      size="small"
                      checked={row.days.includes(day)}
                      disabled={isSubmitting}
                      slotProps={{ input: { 'aria-label': `${t(`days.${day}`)} ${label}` } }}
                      onChange={(event) =>
                        change(index, {
                          days: event.target.checked
                            ? [...row.days, day]
                            : row.days.filter((other) => other !== day),
                        })
                      }
                    />
                  }
                />
              ))}
            </Box>
            {problems?.map((message) => (
              <FormHelperText key={message} error>
                {message}
              </FormHelperText>
            ))}
          </Box>
        );
      })}
      {fieldErrors?.message && <FormHelperText error>{fieldErrors.message}</FormHelperText>}
      <Button
        startIcon={<AddIcon />}
        sx={{ justifySelf: 'start' }}
        disabled={isSubmitting}
        onClick={() =>
          update([
            ...rows,
            { key: ++keys, time_range: '', max_reservation_number: 1, days: [...reservationDays] },
          ])
        }
      >
        {t('areas.form.addRow')}
      </Button>
    </Box>
  );
}
