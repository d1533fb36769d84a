import CloseIcon from '@mui/icons-material/Close';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DragEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAccept, formatBytes, isAccepted, isImage } from './file-rules';

export type UploadFieldProps = {
  /** A chosen file, or the URL of the one already saved (an edit form). */
  value: File | string | null | undefined;
  onChange: (file: File | null) => void;
  onBlur?: () => void;
  /** MIME types and extensions, e.g. `acceptPresets.images` or `['.xlsx']`. */
  accept?: readonly string[];
  /** Bytes. */
  maxSize?: number;
  /** Already translated. */
  label?: string;
  /** An error from the form; a rejected file shows its own. */
  error?: string;
  disabled?: boolean;
  /** 0-100 while the file is being sent. */
  progress?: number;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
};

/** An object URL for a chosen image, revoked when the file changes or the field goes away. */
const usePreviewUrl = (value: File | string | null | undefined) => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!(value instanceof File) || !isImage(value)) {
      setUrl(typeof value === 'string' && isImage(value) ? value : null);
      return;
    }
    const objectUrl = URL.createObjectURL(value);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [value]);
  return url;
};

/** One file by click or drop, checked against type and size before the form ever sees it. */
export const UploadField = ({
  value,
  onChange,
  onBlur,
  accept,
  maxSize,
  label,
  error,
  disabled = false,
  progress,
  name,
  inputRef,
}: UploadFieldProps) => {
  const { t, i18n } = useTranslation();
  const [rejection, setRejection] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const helperId = useId();
  const preview = usePreviewUrl(value);
  const size = (bytes: number) => formatBytes(bytes, i18n.language);
  const types = accept?.length ? describeAccept(accept) : undefined;

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!isAccepted(file, accept)) return setRejection(t('upload:wrongType', { types }));
    if (maxSize !== undefined && file.size > maxSize) {
      return setRejection(t('upload:tooLarge', { limit: size(maxSize), size: size(file.size) }));
    }
    setRejection(null);
    onChange(file);
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  };

  const limits =
    types && maxSize !== undefined
      ? t('upload:limits', { types, limit: size(maxSize) })
      : types
        ? t('upload:types', { types })
        : maxSize !== undefined
          ? t('upload:limit', { limit: size(maxSize) })
          : undefined;
  const message = rejection ?? error ?? limits;
  // A file of our store has a random name that means nothing to people: it is "the saved file".
  const fileName =
    typeof value === 'string'
      ? value.startsWith('/api/files/')
        ? t('upload:saved')
        : decodeURIComponent(value.split('/').pop() ?? value)
      : value?.name;

  return (
    <Stack spacing={1}>
      {label && <Typography variant="subtitle2">{label}</Typography>}
      <Box
        role="button"
        tabIndex={disabled ? -1 : 0}
        aria-disabled={disabled}
        aria-describedby={message ? helperId : undefined}
        aria-label={label ? `${label}: ${t('upload:choose')}` : t('upload:choose')}
        onClick={(event) => {
          // The input's own click bubbles up here; opening the dialog again would be a loop.
          if (!disabled && event.target !== input.current) input.current?.click();
        }}
        onKeyDown={(event) => {
          if (!disabled && (event.key === 'Enter' || event.key === ' ')) {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          p: 3,
          border: 1,
          borderStyle: 'dashed',
          borderRadius: 1,
          borderColor: rejection || error ? 'error.main' : dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          cursor: disabled ? 'default' : 'pointer',
          opacity: disabled ? 0.6 : 1,
          textAlign: 'center',
        }}
      >
        <CloudUploadOutlined color="action" />
        <Typography variant="body2" color="text.secondary">
          {t('upload:choose')}
        </Typography>
        <input
          ref={(element) => {
            input.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          hidden
          type="file"
          name={name}
          accept={accept?.join(',')}
          disabled={disabled}
          onBlur={onBlur}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // Choosing the same file again after removing it must fire a change.
            event.target.value = '';
          }}
        />
      </Box>
      {value && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {preview ? (
            <Box
              component="img"
              src={preview}
              alt={t('upload:preview')}
              sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
            />
          ) : (
            <InsertDriveFileOutlined color="action" />
          )}
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="body2" noWrap>
              {fileName}
            </Typography>
            {value instanceof File && (
              <Typography variant="caption" color="text.secondary">
                {size(value.size)}
              </Typography>
            )}
          </Box>
          <IconButton
            aria-label={t('upload:remove')}
            onClick={() => onChange(null)}
            disabled={disabled}
            size="small"
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Stack>
      )}
      {progress !== undefined && (
        <Stack spacing={0.5}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={t('upload:uploading', { percent: progress })}
          />
          <Typography variant="caption" color="text.secondary">
            {t('upload:uploading', { percent: progress })}
          </Typography>
        </Stack>
      )}
      {message && (
        <FormHelperText id={helperId} error={Boolean(rejection || error)}>
          {message}
        </FormHelperText>
      )}
    </Stack>
  );
};
