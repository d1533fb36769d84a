import Box from '@mui/material/Box';
import { useT } from '../lib/i18n';
import { Field } from './Field';

type PhoneFieldProps = {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  helperText?: string;
  autoFocus?: boolean;
};

/** A mobile number, Turkey by default (spec §5): +90 is shown, any writing of the number is accepted. */
export function PhoneField({ value, onChange, error, disabled, helperText, autoFocus }: PhoneFieldProps) {
  const { t } = useT();
  return (
    <Field
      label={t('phone.label')}
      name="customer_phone"
      type="tel"
      value={value}
      onChange={onChange}
      error={error}
      helperText={helperText ?? t('phone.hint')}
      disabled={disabled}
      required
      autoFocus={autoFocus}
      autoComplete="tel-national"
      htmlInput={{ inputMode: 'tel', maxLength: 20 }}
      startAdornment={
        // What MUI's <InputAdornment position="start"> shows, drawn here: its module costs the login
        // and registration pages 1 KB gzipped.
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'flex',
            alignItems: 'center',
            whiteSpace: 'nowrap',
            typography: 'body1',
            color: 'text.secondary',
            pr: 1.25,
            mr: 1.25,
            borderRight: 1,
            borderColor: 'divider',
            height: 24,
          }}
        >
          +90
        </Box>
      }
    />
  );
}
