import type { Receipt } from '@avlu/contracts';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RotateRightIcon from '@mui/icons-material/RotateRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import ZoomOutMapIcon from '@mui/icons-material/ZoomOutMap';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The first step fits the whole receipt in the frame; the others are multiples of the frame's width. */
const ZOOMS = [0, 1, 1.5, 2, 3, 4] as const;

/**
 * The receipt's photo as large as the column allows, to be read against the form beside it: zoom in
 * and out (or a click on the picture), turn it a quarter at a time, back to fit. A PDF opens in a
 * frame, and in a new tab by its link.
 */
export function ReceiptPhoto({ receipt }: { receipt: Receipt }) {
  const { t } = useTranslation('loyalty');
  const [zoom, setZoom] = useState(0);
  const [turns, setTurns] = useState(0);
  const url = receipt.receipt_photo_url;
  const frame = { height: { xs: 420, md: 'calc(100vh - 260px)' }, minHeight: 420 } as const;
  if (receipt.receipt_photo_type === 'pdf')
    return (
      <Stack spacing={1}>
        <Box
          component="iframe"
          src={url}
          title={t('receipts.photo.alt', { no: receipt.receipt_no })}
          sx={{ ...frame, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
        <Button
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          startIcon={<OpenInNewIcon />}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('receipts.photo.openPdf')}
        </Button>
      </Stack>
    );
  const scale = ZOOMS[zoom] ?? 1;
  const control = (label: string, icon: React.ReactNode, onClick: () => void, disabled = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
        {control(t('receipts.photo.zoomOut'), <ZoomOutIcon />, () => setZoom((z) => z - 1), zoom === 0)}
        {control(
          t('receipts.photo.zoomIn'),
          <ZoomInIcon />,
          () => setZoom((z) => z + 1),
          zoom === ZOOMS.length - 1,
        )}
        {control(t('receipts.photo.rotate'), <RotateRightIcon />, () => setTurns((n) => (n + 1) % 4))}
        {control(t('receipts.photo.fit'), <ZoomOutMapIcon />, () => {
          setZoom(0);
          setTurns(0);
        })}
        <Typography variant="caption" color="text.secondary" aria-live="polite">
          {zoom === 0 ? t('receipts.photo.fit') : `%${Math.round(scale * 100)}`}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Button size="small" href={url} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
          {t('receipts.photo.original')}
        </Button>
      </Stack>
      {/* Scrolls when zoomed in: focusable, so the arrow keys move a zoomed photo too (WCAG 2.1.1). */}
      <Box
        role="region"
        aria-label={t('receipts.photo.alt', { no: receipt.receipt_no })}
        tabIndex={0}
        sx={{
          ...frame,
          overflow: 'auto',
          bgcolor: 'grey.100',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          textAlign: 'center',
        }}
      >
        <Box
          component="img"
          src={url}
          alt={t('receipts.photo.alt', { no: receipt.receipt_no })}
          onClick={() => setZoom((z) => (z === 0 ? 3 : 0))}
          // Changes at every click: inline, not a new class each time. Fitted, the whole receipt shows
          // (a long one to its total); zoomed, its width is a multiple of the frame's.
          style={{
            ...(zoom === 0
              ? { width: 'auto', height: 'auto', maxWidth: '100%', maxHeight: '100%' }
              : { width: `${scale * 100}%`, maxWidth: 'none' }),
            transform: `rotate(${turns * 90}deg)`,
            cursor: zoom === 0 ? 'zoom-in' : 'zoom-out',
          }}
          sx={{ display: 'block', mx: 'auto', transformOrigin: 'center' }}
        />
      </Box>
    </Stack>
  );
}
