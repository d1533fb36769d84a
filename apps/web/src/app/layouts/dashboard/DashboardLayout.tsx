import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen/LoadingScreen';
import { SettingsDrawer } from '../../../components/settings-drawer/SettingsDrawer';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/skip-link/SkipLink';
import { useSettings } from '../../../lib/settings';
import { PermissionGuard } from '../../guards/PermissionGuard';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The signed-in back-office: sidebar, top bar, and the current screen checked against the role. */
export default function DashboardLayout() {
  const theme = useTheme();
  // noSsr: the first render must already know the width, or a desktop would reset the mini menu.
  const desktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const { settings, update } = useSettings();
  const [mobileOpen, setMobileOpen] = useState(false);

  // Spec §4: the collapsed menu is a large-screen choice; below lg it goes back to the full menu.
  useEffect(() => {
    if (!desktop && settings.navCollapsed) update({ navCollapsed: false });
  }, [desktop, settings.navCollapsed, update]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink />
      <Sidebar desktop={desktop} mobileOpen={mobileOpen} onMobileClose={() => setMobileOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar onOpenNav={() => setMobileOpen(true)} />
        <Container
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          maxWidth={settings.themeStretch ? false : 'xl'}
          sx={{ flexGrow: 1, pt: 1, pb: 8, px: { lg: 5 }, '&:focus': { outline: 'none' } }}
        >
          <PermissionGuard>
            <Suspense fallback={<LoadingScreen fullPage={false} />}>
              <Outlet />
            </Suspense>
          </PermissionGuard>
        </Container>
      </Box>
      <SettingsDrawer />
    </Box>
  );
}
