import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker, type DatePickerProps } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs from 'dayjs';
import 'dayjs/locale/tr';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BoundFieldProps, useFormField } from './use-form-field';

export type DateFieldProps<T extends FieldValues = FieldValues> = BoundFieldProps<T> &
  Omit<DatePickerProps, 'value' | 'onChange' | 'label' | 'disabled' | 'name' | 'inputRef'> & {
    /** How the date is typed and shown; spec §9 birthdate input is DD/MM/YYYY. */
    format?: string;
    /** How the form holds the date: `YYYY-MM-DD` text by default, what the schemas' date format checks. */
    valueFormat?: string;
  };

/**
 * A date picker whose form value is text in `valueFormat`. A half-typed date becomes
 * "Invalid Date", which the schema rejects with its date message instead of it being lost silently.
 */
export const DateField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
  format = 'DD/MM/YYYY',
  valueFormat = 'YYYY-MM-DD',
  slotProps,
  ...props
}: DateFieldProps<T>) => {
  const { t, i18n } = useTranslation();
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const value = typeof field.value === 'string' && field.value ? dayjs(field.value) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language}>
      <DatePicker
        {...props}
        format={format}
        label={bound.label}
        value={value}
        disabled={bound.disabled}
        inputRef={field.ref}
        onChange={(date) => field.onChange(date ? date.format(valueFormat) : undefined)}
        slotProps={{
          ...slotProps,
          textField: {
            fullWidth: true,
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
