import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField';

export const PasswordField = <T extends FieldValues = FieldValues>(
  props: Omit<TextFieldProps<T>, 'type' | 'parse' | 'format'>,
) => {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggleLabel = t(visible ? 'form:hidePassword' : 'form:showPassword');
  return (
    <TextField<T>
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggleLabel} edge="end" onClick={() => setVisible((shown) => !shown)}>
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
