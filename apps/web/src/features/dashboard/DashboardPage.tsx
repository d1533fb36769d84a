import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type NavEntry, permittedNav } from '../../app/layouts/dashboard/nav-config';
import { LogoMark } from '../../components/logo/Logo';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';
import { formatDate } from '../../lib/i18n/dates';
import { usePermissions } from '../../lib/permissions';
import { session } from '../../lib/session/storage';
import { dayPart } from './greeting';

function WelcomeCard() {
  const { t } = useTranslation('dashboard');
  const { admin } = useAuth();
  const location = session.currentLocation();
  const now = new Date();
  return (
    <Card
      sx={(theme) => ({
        p: { xs: 3, md: 5 },
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        overflow: 'hidden',
        background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.14)} 0%, ${alpha(theme.palette.primary.light, 0.06)} 100%)`,
      })}
    >
      <Stack spacing={1.5} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="overline" color="primary">
          {formatDate(now)}
        </Typography>
        <Typography variant="h2" component="h1">
          {t(`greeting.${dayPart(now)}`, { name: admin?.admin_name ?? '' })}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('welcome')}
        </Typography>
        {location && (
          <Box>
            <Chip
              color="primary"
              variant="outlined"
              label={t('location', { name: location.location_name })}
            />
          </Box>
        )}
      </Stack>
      <Box sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.9 }}>
        <LogoMark size={132} />
      </Box>
    </Card>
  );
}

function ShortcutCard({ entry }: { entry: NavEntry }) {
  const { t } = useTranslation(['nav', 'dashboard']);
  const Icon = entry.icon;
  const to = entry.kind === 'link' ? entry.path : (entry.items[0]?.path ?? '/');
  const title = entry.kind === 'link' ? t(`nav:items.${entry.key}`) : t(`nav:groups.${entry.key}`);
  const detail =
    entry.kind === 'group'
      ? entry.items.map((item) => t(`nav:items.${item.key}`)).join(' · ')
      : t('dashboard:shortcuts.open');
  return (
    <Card>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2.5, height: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box
            sx={(theme) => ({
              width: 48,
              height: 48,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              color: 'primary.main',
              bgcolor: alpha(theme.palette.primary.main, 0.1),
            })}
          >
            <Icon />
          </Box>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h3">
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          </Box>
          <ArrowForwardIcon fontSize="small" sx={{ color: 'text.disabled', mt: 0.5 }} />
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** /app: greets the admin and lists the sections their role opens; the dashboards issue adds the figures. */
export default function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'nav']);
  const { canVisit } = usePermissions();
  useDocumentTitle(t('nav:items.dashboard'));
  // The dashboard itself is where we are; the shortcuts lead elsewhere.
  const shortcuts = useMemo(
    () => permittedNav(canVisit).filter((entry) => entry.key !== 'dashboard'),
    [canVisit],
  );
  return (
    <Stack spacing={5}>
      <WelcomeCard />
      {shortcuts.length > 0 && (
        <Stack spacing={2.5} component="section" aria-labelledby="dashboard-shortcuts">
          <Typography variant="h4" component="h2" id="dashboard-shortcuts">
            {t('dashboard:shortcuts.title')}
          </Typography>
          <Box
            sx={{
              display: 'grid',
              gap: 2.5,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
            }}
          >
            {shortcuts.map((entry) => (
              <ShortcutCard key={entry.key} entry={entry} />
            ))}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
