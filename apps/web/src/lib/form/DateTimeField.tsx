import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DateTimePicker, type DateTimePickerProps } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from './use-form-field';

dayjs.extend(utc);
dayjs.extend(timezone);

export type DateTimeFieldProps<T extends FieldValues = FieldValues> = BoundFieldProps<T> &
  Omit<
    DateTimePickerProps,
    'value' | 'onChange' | 'label' | 'disabled' | 'name' | 'inputRef' | 'timezone'
  > & {
    /** The wall clock the moment is typed in: the mall's zone, Europe/Istanbul by default. */
    timezone?: string;
    required?: boolean;
  };

/**
 * A date and time picker whose form value is an ISO moment in UTC (`2030-06-01T09:00:00.000Z`), what
 * contracts' `isoDateTime` takes. It is typed and shown as 'DD-MM-YYYY HH:mm' (spec §9) on the
 * clock of `timezone`, whatever the browser's zone. A half-typed moment becomes "Invalid Date",
 * which the schema refuses with its date message instead of it being lost silently.
 */
export const DateTimeField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
  required,
  timezone: zone = DEFAULT_TIMEZONE,
  format = 'DD-MM-YYYY HH:mm',
  slotProps,
  ...props
}: DateTimeFieldProps<T>) => {
  const { t, i18n } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const value = typeof field.value === 'string' && field.value ? dayjs.utc(field.value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language}>
      <DateTimePicker
        {...props}
        ampm={false}
        format={format}
        timezone={zone}
        label={bound.label}
        value={value}
        disabled={bound.disabled}
        inputRef={field.ref}
        onChange={(date) =>
          field.onChange(date ? (date.isValid() ? date.toISOString() : 'Invalid Date') : undefined)
        }
        slotProps={{
          ...slotProps,
          textField: {
            fullWidth: true,
            required,
            name: field.name,
            onBlur: field.onBlur,
            error: Boolean(error),
            helperText: error ?? (hint && t(hint)),
          },
        }}
      />
    </LocalizationProvider>
  );
};
