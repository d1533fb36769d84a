import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { UploadField, useUploadProgress } from '../../components/upload-field';
import { type BoundFieldProps, useFormField } from '../../lib/form';
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES, imageUrl } from '../account/upload-image';

type ImagesFieldProps<T extends FieldValues> = BoundFieldProps<T> & { max: number; required?: boolean };

/**
 * Several images: each chosen one is sent to `POST /api/files` at once (with its progress) and the
 * form holds the stored URLs, so the campaign schema checks them as the server will; each shows as
 * a preview with its remove button, in the order chosen (the first is the list's thumbnail).
 */
export const ImagesField = <T extends FieldValues = FieldValues>({
  name,
  label,
  hint,
  disabled,
  max,
  required,
}: ImagesFieldProps<T>) => {
  const { t } = useTranslation('campaigns');
  const { field, error, ...bound } = useFormField<T>(name, label, disabled);
  const upload = useUploadProgress();
  const [failure, setFailure] = useState<string | null>(null);
  const urls: string[] = Array.isArray(field.value) ? field.value : [];
  const full = urls.length >= max;

  const add = async (file: File | null) => {
    if (!file) return;
    setFailure(null);
    try {
      const url = await imageUrl(file, upload.onProgress);
      if (url) field.onChange([...urls, url]);
    } catch (reason) {
      setFailure(reason instanceof Error ? reason.message : String(reason));
    } finally {
      upload.reset();
    }
  };

  return (
    <Stack
      spacing={1}
      // Focus after a refused submit goes to the drop zone, the field's one control.
      ref={(element) =>
        field.ref(element && { focus: () => element.querySelector<HTMLElement>('[role="button"]')?.focus() })
      }
    >
      <Typography variant="subtitle2">
        {bound.label}
        {required && ' *'}
      </Typography>
      {urls.length > 0 && (
        <Box
          component="ul"
          aria-label={bound.label}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}
        >
          {urls.map((url, index) => (
            <Box component="li" key={url} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={url}
                alt={t('form.imageAlt', { number: index + 1 })}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1, display: 'block' }}
              />
              <IconButton
                size="small"
                aria-label={t('form.removeImage', { number: index + 1 })}
                disabled={bound.disabled}
                onClick={() => field.onChange(urls.filter((_, i) => i !== index))}
                sx={{
                  position: 'absolute',
                  top: 4,
                  right: 4,
                  bgcolor: 'background.paper',
                  '&:hover': { bgcolor: 'background.paper' },
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      {full ? (
        <Typography variant="body2" color="text.secondary">
          {t('form.imagesFull', { max })}
        </Typography>
      ) : (
        <UploadField
          value={null}
          onChange={(file) => void add(file)}
          onBlur={field.onBlur}
          accept={IMAGE_ACCEPT}
          maxSize={IMAGE_MAX_BYTES}
          label={t('form.addImage')}
          disabled={bound.disabled || upload.percent !== undefined}
          progress={upload.percent}
          name={field.name}
          error={error ?? failure ?? undefined}
        />
      )}
      {full && error && <FormHelperText error>{error}</FormHelperText>}
      {hint && !error && <FormHelperText>{t(hint)}</FormHelperText>}
    </Stack>
  );
};
