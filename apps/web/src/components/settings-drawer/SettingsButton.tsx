import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings';

export function SettingsButton() {
  const { t } = useTranslation('settings');
  const { setDrawerOpen } = useSettings();
  return (
    <Tooltip title={t('title')}>
      <IconButton aria-label={t('open')} onClick={() => setDrawerOpen(true)}>
        <SettingsOutlinedIcon />
      </IconButton>
    </Tooltip>
  );
}
