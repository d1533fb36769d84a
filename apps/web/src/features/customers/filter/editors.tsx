import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { foldTurkish } from '../../geo';

/** Options shown as chips that toggle; for short fixed lists (gender, frequency). */
export function ChoiceChips<Value extends string | number>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
}) {
  return (
    <Stack direction="row" role="group" aria-label={label} sx={{ flexWrap: 'wrap', gap: 1 }}>
      {options.map((option) => {
        const on = value.includes(option.value);
        return (
          <Chip
            key={option.value}
            label={option.label}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((v) => v !== option.value) : [...value, option.value])}
          />
        );
      })}
    </Stack>
  );
}

/** Several values picked from a list (months, channels, places); `freeSolo` also takes typed names. */
export function MultiPick<Value extends string | number>({
  label,
  options,
  value,
  onChange,
  labelOf = String,
  freeSolo = false,
  loading = false,
  helperText,
}: {
  label: string;
  options: readonly Value[];
  value: readonly Value[];
  onChange: (value: Value[]) => void;
  labelOf?: (value: Value) => string;
  freeSolo?: boolean;
  loading?: boolean;
  helperText?: string;
}) {
  const { t } = useTranslation('customers');
  return (
    <Autocomplete<Value, true, false, boolean>
      multiple
      size="small"
      freeSolo={freeSolo}
      options={options as Value[]}
      value={value as Value[]}
      loading={loading}
      autoHighlight
      filterSelectedOptions
      noOptionsText={t('filter.noOptions')}
      loadingText={t('filter.loading')}
      getOptionLabel={(option) => labelOf(option as Value)}
      filterOptions={(all, { inputValue }) =>
        inputValue
          ? all.filter((option) => foldTurkish(labelOf(option)).includes(foldTurkish(inputValue)))
          : all
      }
      onChange={(_, picked) =>
        onChange(
          picked.map((item) => (typeof item === 'string' ? item.trim() : item)).filter(Boolean) as Value[],
        )
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          placeholder={value.length ? '' : t('filter.choose')}
        />
      )}
      sx={{ minWidth: 280, flex: 1 }}
    />
  );
}

type NumberRange = { min?: number; max?: number };

/** From–to for whole numbers (age, number of children). */
export function NumberRangeEditor({
  label,
  value,
  onChange,
  min = 0,
  max,
}: {
  label: string;
  value: NumberRange;
  onChange: (value: NumberRange) => void;
  min?: number;
  max: number;
}) {
  const { t } = useTranslation('customers');
  const parse = (text: string) => {
    if (text.trim() === '') return undefined;
    const number = Math.trunc(Number(text));
    return Number.isFinite(number) ? Math.min(max, Math.max(min, number)) : undefined;
  };
  const field = (bound: 'min' | 'max') => (
    <TextField
      size="small"
      type="number"
      label={t(bound === 'min' ? 'filter.min' : 'filter.max')}
      value={value[bound] ?? ''}
      onChange={(event) => onChange({ ...value, [bound]: parse(event.target.value) })}
      slotProps={{
        htmlInput: {
          min,
          max,
          inputMode: 'numeric',
          'aria-label': `${label}: ${t(bound === 'min' ? 'filter.atLeast' : 'filter.atMost')}`,
        },
      }}
      sx={{ width: 130 }}
    />
  );
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      {field('min')}
      <span aria-hidden>–</span>
      {field('max')}
    </Stack>
  );
}

type DateRange = { min?: string; max?: string };

/** From–to for dates, held as YYYY-MM-DD (birth date, registration date). */
export function DateRangeEditor({
  label,
  value,
  onChange,
}: {
  label: string;
  value: DateRange;
  onChange: (value: DateRange) => void;
}) {
  const { t } = useTranslation('customers');
  const field = (bound: 'min' | 'max') => (
    <DatePicker
      format="DD/MM/YYYY"
      label={`${label}: ${t(bound === 'min' ? 'filter.from' : 'filter.to')}`}
      value={value[bound] ? dayjs(value[bound]) : null}
      onChange={(date) =>
        onChange({ ...value, [bound]: date?.isValid() ? date.format('YYYY-MM-DD') : undefined })
      }
      slotProps={{
        textField: { size: 'small', sx: { width: { xs: 1, sm: 200 } } },
        field: { clearable: true },
      }}
    />
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { sm: 'center' }, gap: 1 }}>
      {field('min')}
      <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
        –
      </Box>
      {field('max')}
    </Stack>
  );
}

/** A yes/no answer (is parent, has a vehicle, is a developer, consent given). */
export function YesNo({
  label,
  value,
  onChange,
  yes,
  no,
}: {
  label: string;
  value: boolean;
  onChange: (value: boolean) => void;
  yes?: string;
  no?: string;
}) {
  const { t } = useTranslation('customers');
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      aria-label={label}
      value={value ? 'yes' : 'no'}
      onChange={(_, next: 'yes' | 'no' | null) => next && onChange(next === 'yes')}
    >
      <ToggleButton value="yes">{yes ?? t('filter.yes')}</ToggleButton>
      <ToggleButton value="no">{no ?? t('filter.no')}</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** One value of a short list as a select (the consent type). */
export function SingleSelect<Value extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Value)}
      sx={{ minWidth: 160 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
