import type { LocationSettings } from '@avlu/contracts';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { locations, microSiteUrl, renewToken } from './locations.resource';
import './texts';

/** The mall's micro-site address, to copy, and a way to renew its token when it leaked. */
export function MicroSiteCard({ location }: { location: LocationSettings }) {
  const { t } = useTranslation('locations');
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const renew = locations.useAction(renewToken, { success: 'locations:microSite.renewed' });
  const url = microSiteUrl(location.location_token);

  const copy = async () => {
    await navigator.clipboard.writeText(url);
    enqueueSnackbar(t('microSite.copied'), { variant: 'success' });
  };
  const askRenew = async () => {
    const ok = await confirm({
      title: t('microSite.renewTitle'),
      content: t('microSite.renewText'),
      confirmText: t('microSite.renew'),
      destructive: true,
    });
    if (ok) renew.mutate(location._id);
  };

  return (
    <Card sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('microSite.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('microSite.text')}
        </Typography>
        <TextField
          label={t('microSite.link')}
          value={url}
          fullWidth
          multiline
          slotProps={{
            input: {
              readOnly: true,
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('microSite.copy')}>
                    <IconButton aria-label={t('microSite.copy')} onClick={copy} edge="end">
                      <ContentCopyIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
        <Button
          color="warning"
          variant="outlined"
          startIcon={<AutorenewIcon />}
          loading={renew.isPending}
          onClick={askRenew}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('microSite.renew')}
        </Button>
      </Stack>
    </Card>
  );
}
