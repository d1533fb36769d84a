import type { QrCode } from '@avlu/contracts';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session } from '../../lib/session/storage';
import { logoDataUrl, qrSvg, saveBlob, svgToPng } from './qr-image';
import './texts';

/** The code's image with the mall's logo, and its downloads at print size as PNG and SVG. */
export function QrCodeImage({ code }: { code: QrCode }) {
  const { t } = useTranslation('qr-codes');
  const { enqueueSnackbar } = useSnackbar();
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void logoDataUrl(session.currentLocation()?.location_logo?.thumbnail).then((url) => {
      if (live) setLogo(url);
    });
    return () => {
      live = false;
    };
  }, []);
  if (logo === undefined) return null;
  const svg = qrSvg(code.qr_code_value, logo);
  const download = async (kind: 'png' | 'svg') => {
    try {
      const blob = kind === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await svgToPng(svg);
      saveBlob(blob, `${code.qr_code_title}.${kind}`);
    } catch {
      enqueueSnackbar(t('downloadFailed'), { variant: 'error' });
    }
  };
  return (
    <Card sx={{ maxWidth: 880 }}>
      <CardHeader
        title={t('image')}
        subheader={`${t('imageHint')} · ${t('scans', { count: code.qr_code_scan_count })}`}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: 'center' }}>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
            alt={code.qr_code_value}
            data-testid="qr-code-image"
            width={220}
            height={220}
          />
          <Stack spacing={1}>
            <Button variant="contained" onClick={() => void download('png')}>
              {t('downloadPng')}
            </Button>
            <Button variant="outlined" onClick={() => void download('svg')}>
              {t('downloadSvg')}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
