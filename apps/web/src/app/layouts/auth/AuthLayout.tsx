import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import LoyaltyOutlinedIcon from '@mui/icons-material/LoyaltyOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguagePopover } from '../../../components/language-popover/LanguagePopover';
import { LoadingScreen } from '../../../components/loading-screen/LoadingScreen';
import { Logo } from '../../../components/logo/Logo';

const highlights = [
  { key: 'customers', icon: PeopleAltOutlinedIcon },
  { key: 'campaigns', icon: CampaignOutlinedIcon },
  { key: 'loyalty', icon: LoyaltyOutlinedIcon },
] as const;

/** The product's promise beside the form on wide screens; phones get the form alone. */
function BrandPanel() {
  const { t } = useTranslation('auth');
  return (
    <Stack
      sx={(theme) => ({
        display: { xs: 'none', md: 'flex' },
        width: { md: 440, lg: 520 },
        flexShrink: 0,
        p: { md: 5, lg: 7 },
        gap: 6,
        justifyContent: 'center',
        color: 'common.white',
        background: `linear-gradient(150deg, ${theme.palette.primary.dark} 0%, ${theme.palette.primary.main} 100%)`,
      })}
    >
      <Box sx={{ color: 'common.white' }}>
        <Typography variant="h2" component="p" sx={{ mb: 2 }}>
          {t('brand.title')}
        </Typography>
        <Typography sx={{ opacity: 0.85, fontSize: 17 }}>{t('brand.text')}</Typography>
      </Box>
      <Stack spacing={2.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {highlights.map(({ key, icon: Icon }) => (
          <Stack key={key} component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 44,
                height: 44,
                borderRadius: 2,
                display: 'grid',
                placeItems: 'center',
                flexShrink: 0,
                bgcolor: alpha('#fff', 0.16),
              }}
            >
              <Icon />
            </Box>
            <Typography sx={{ fontWeight: 600 }}>{t(`brand.highlights.${key}`)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}

/** The guest pages (login, and next the register and password screens): form column and brand panel. */
export default function AuthLayout() {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <BrandPanel />
      <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, md: 4 }, py: 2 }}
        >
          <Logo size={36} />
          <LanguagePopover />
        </Stack>
        <Box
          component="main"
          sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 4 }}
        >
          <Box sx={{ width: 1, maxWidth: 420 }}>
            <Suspense fallback={<LoadingScreen fullPage={false} />}>
              <Outlet />
            </Suspense>
          </Box>
        </Box>
      </Stack>
    </Box>
  );
}
