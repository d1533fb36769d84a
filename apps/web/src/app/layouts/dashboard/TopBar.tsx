import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { LanguagePopover } from '../../../components/language-popover/LanguagePopover';
import { SettingsButton } from '../../../components/settings-drawer/SettingsButton';
import { ReminderBell } from '../../../features/reminders/ReminderBell';
import { AccountPopover } from './AccountPopover';
import { HEADER_HEIGHT_DESKTOP, HEADER_HEIGHT_MOBILE } from './layout-config';

export function TopBar({ onOpenNav }: { onOpenNav: () => void }) {
  const { t } = useTranslation('layout');
  return (
    <AppBar
      position="sticky"
      color="transparent"
      elevation={0}
      sx={{
        backdropFilter: 'blur(6px)',
        bgcolor: (theme) => alpha(theme.palette.background.default, 0.8),
      }}
    >
      <Toolbar
        sx={{ minHeight: 0, height: { xs: HEADER_HEIGHT_MOBILE, lg: HEADER_HEIGHT_DESKTOP }, px: { lg: 5 } }}
      >
        <IconButton
          aria-label={t('sidebar.open')}
          onClick={onOpenNav}
          sx={{ display: { lg: 'none' }, marginInlineEnd: 1 }}
        >
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ReminderBell />
          <LanguagePopover />
          <SettingsButton />
          <AccountPopover />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
