import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ElementType, type ReactNode, useId } from 'react';

/** The select's arrow, drawn rather than taken from MUI's NativeSelect (and its icon module). */
function Chevron() {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{
        position: 'absolute',
        right: 16,
        width: 8,
        height: 8,
        borderRight: 2,
        borderBottom: 2,
        borderColor: 'text.secondary',
        transform: 'translateY(-25%) rotate(45deg)',
        pointerEvents: 'none',
      }}
    />
  );
}

type SelectFieldProps = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  /** The text of the empty choice; without it there is none. */
  placeholder?: string;
  disabled?: boolean;
  helperText?: ReactNode;
  /** A refusal shown under the field (in place of the helper text), the field marked. */
  error?: string | null;
};

/**
 * An outlined field over the phone's own picker (a native select): the operating system's list is
 * the easiest to use on a small screen, and there is no menu or search box to load.
 */
export function SelectField({
  label,
  name,
  value,
  onChange,
  options,
  placeholder,
  disabled,
  helperText: help,
  error,
}: SelectFieldProps) {
  const id = useId();
  const helperText = error || help;
  return (
    <FormControl fullWidth disabled={disabled} error={Boolean(error)}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        notched
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputComponent={'select' as unknown as ElementType<InputBaseComponentProps>}
        // InputBase hands inputProps to the <select>: its options are its children.
        inputProps={{
          'aria-describedby': helperText ? `${id}-helper` : undefined,
          children: [
            ...(placeholder === undefined
              ? []
              : [
                  <option key="" value="">
                    {placeholder}
                  </option>,
                ]),
            ...options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            )),
          ],
        }}
        endAdornment={<Chevron />}
        sx={{ '& select': { appearance: 'none', cursor: 'pointer', pr: 4 } }}
      />
      {helperText && <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
