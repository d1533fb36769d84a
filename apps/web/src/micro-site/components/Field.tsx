import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export type FieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  helperText?: ReactNode;
  type?: string;
  disabled?: boolean;
  required?: boolean;
  multiline?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  startAdornment?: ReactNode;
  /** Keeps the label above the box (date inputs show their own placeholder). */
  shrink?: boolean;
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
};

/**
 * An outlined text field. MUI's TextField also imports Select (and its menu and popover) for its
 * `select` mode, ~20 KB gzipped that no micro-site field uses; this is the same look without it.
 */
export function Field({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  type = 'text',
  disabled,
  required,
  multiline,
  autoFocus,
  autoComplete,
  startAdornment,
  shrink,
  htmlInput,
}: FieldProps) {
  const id = useId();
  const helper = error || helperText;
  return (
    <FormControl fullWidth error={Boolean(error)} disabled={disabled} required={required}>
      <InputLabel htmlFor={id} shrink={shrink || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={required ? `${label} *` : label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        startAdornment={startAdornment}
        notched={shrink || undefined}
        inputProps={{ ...htmlInput, 'aria-describedby': helper ? `${id}-helper` : undefined }}
      />
      {helper && <FormHelperText id={`${id}-helper`}>{helper}</FormHelperText>}
    </FormControl>
  );
}
