import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { type BoundFieldProps, useFormField } from '../../lib/form';

/** A picture of the chosen file while it is chosen (none for a PDF). */
const usePreview = (file: unknown) => {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (
      !(file instanceof File) ||
      !file.type.startsWith('image/') ||
      typeof URL.createObjectURL !== 'function'
    ) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
};

/**
 * The receipt's photo as a form field holding the chosen `File`: on a phone the input opens the
 * camera (`capture`), elsewhere the file dialog; JPEG, PNG, HEIC or PDF (the server tells them by
 * their bytes). The input stays focusable and announced, the button-like label opens it.
 */
export const ReceiptPhotoField = <T extends FieldValues>({
  name,
  label,
  hint,
  disabled,
}: BoundFieldProps<T>) => {
  const { t } = useTranslation('registration');
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const id = useId();
  const value: unknown = field.value;
  const file = value instanceof File ? value : undefined;
  const preview = usePreview(file);
  const helper = error ?? (hint && t(hint));
  return (
    <Stack spacing={1}>
      <Typography component="span" variant="subtitle2" color={error ? 'error' : undefined}>
        {bound.label} *
      </Typography>
      <Box
        component="input"
        id={id}
        ref={field.ref}
        name={field.name}
        type="file"
        accept="image/*,application/pdf"
        capture="environment"
        disabled={bound.disabled}
        aria-invalid={Boolean(error)}
        aria-describedby={helper ? `${id}-help` : undefined}
        aria-label={bound.label}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          field.onChange(event.target.files?.[0] ?? undefined);
          field.onBlur();
        }}
        sx={{
          // Visually hidden, still focusable: the label below shows where focus is.
          ...visuallyHidden,
          '&:focus-visible + label': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      />
      {/* A label drawn as a button, not a second control: the input before it takes focus and keys. */}
      <Box
        component="label"
        htmlFor={id}
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 1,
          alignSelf: 'flex-start',
          px: 2,
          py: 0.75,
          border: 1,
          borderRadius: 1,
          borderColor: error ? 'error.main' : 'primary.main',
          color: error ? 'error.main' : 'primary.main',
          typography: 'button',
          cursor: 'pointer',
          '&:hover': { bgcolor: 'action.hover' },
          ...(bound.disabled && { opacity: 0.5, pointerEvents: 'none' }),
        }}
      >
        <PhotoCameraOutlinedIcon fontSize="small" />
        {file ? t('receipts.photoChange') : t('receipts.photoChoose')}
      </Box>
      {file && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('receipts.photoPreview')}
              sx={{
                width: 64,
                height: 64,
                objectFit: 'cover',
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
              }}
            />
          ) : (
            <PictureAsPdfOutlinedIcon color="action" />
          )}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Typography>
        </Stack>
      )}
      {helper && (
        <FormHelperText id={`${id}-help`} error={Boolean(error)} sx={{ mx: 0 }}>
          {helper}
        </FormHelperText>
      )}
    </Stack>
  );
};
