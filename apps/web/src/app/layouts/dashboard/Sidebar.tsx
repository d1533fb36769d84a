import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Logo } from '../../../components/logo/Logo';
import { usePermissions } from '../../../lib/permissions';
import { useSettings } from '../../../lib/settings';
import { useHomePath } from '../../home-path';
import { AdminCard } from './AdminCard';
import { LocationPicker } from './LocationPicker';
import { NAV_MINI_WIDTH, NAV_WIDTH } from './layout-config';
import { NavMini } from './NavMini';
import { NavSection } from './NavSection';
import { permittedNav } from './nav-config';

function CollapseButton() {
  const { t } = useTranslation('layout');
  const theme = useTheme();
  const { settings, update } = useSettings();
  const collapsed = settings.navCollapsed;
  // The arrow points towards where the sidebar will go, which is the other way round in RTL.
  const flipped = collapsed !== (theme.direction === 'rtl');
  return (
    <IconButton
      size="small"
      aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}
      onClick={() => update({ navCollapsed: !collapsed })}
      sx={{
        position: 'absolute',
        top: 32,
        insetInlineEnd: -13,
        zIndex: 1,
        width: 26,
        height: 26,
        border: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'background.paper' },
      }}
    >
      <ChevronLeftIcon sx={{ fontSize: 18, transform: flipped ? 'scaleX(-1)' : 'none' }} />
    </IconButton>
  );
}

function SidebarContent({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation('layout');
  const { canVisit } = usePermissions();
  const entries = useMemo(() => permittedNav(canVisit), [canVisit]);
  const home = useHomePath();
  return (
    <Stack spacing={2.5} sx={{ px: mini ? 1 : 2, pt: 3, pb: 4 }}>
      <Box
        component={RouterLink}
        to={home}
        aria-label={t('home')}
        onClick={onNavigate}
        sx={{
          color: 'text.primary',
          textDecoration: 'none',
          display: 'flex',
          justifyContent: mini ? 'center' : 'flex-start',
          px: mini ? 0 : 1,
        }}
      >
        <Logo size={36} withName={!mini} />
      </Box>
      <AdminCard mini={mini} />
      {!mini && <LocationPicker />}
      {mini ? <NavMini entries={entries} /> : <NavSection entries={entries} onNavigate={onNavigate} />}
    </Stack>
  );
}

type SidebarProps = { desktop: boolean; mobileOpen: boolean; onMobileClose: () => void };

/**
 * A fixed column on large screens (full or mini, by the stored setting) and a drawer opened from the
 * top bar below the lg breakpoint.
 */
export function Sidebar({ desktop, mobileOpen, onMobileClose }: SidebarProps) {
  const { settings } = useSettings();
  if (!desktop) {
    return (
      <Drawer open={mobileOpen} onClose={onMobileClose} slotProps={{ paper: { sx: { width: NAV_WIDTH } } }}>
        <SidebarContent mini={false} onNavigate={onMobileClose} />
      </Drawer>
    );
  }
  const mini = settings.navCollapsed;
  return (
    <Box
      component="aside"
      sx={{
        position: 'sticky',
        top: 0,
        alignSelf: 'flex-start',
        flexShrink: 0,
        height: '100vh',
        width: mini ? NAV_MINI_WIDTH : NAV_WIDTH,
        transition: (theme) =>
          theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
        borderInlineEnd: '1px dashed',
        borderColor: 'divider',
        bgcolor: 'background.default',
      }}
    >
      <CollapseButton />
      <Box sx={{ height: 1, overflowY: 'auto', overflowX: 'hidden', scrollbarWidth: 'thin' }}>
        <SidebarContent mini={mini} />
      </Box>
    </Box>
  );
}
