import type { MallDashboard } from '@avlu/contracts';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type NavEntry, permittedNav } from '../../app/layouts/dashboard/nav-config';
import { LogoMark } from '../../components/logo/Logo';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { useAuth } from '../../lib/auth';
import { useUrlFilters } from '../../lib/data-table/table-state';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';
import { formatDate } from '../../lib/i18n/dates';
import { useNumbers } from '../../lib/i18n/numbers';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { session } from '../../lib/session/storage';
import { DashboardCharts, DashboardChartsSkeleton } from './DashboardCharts';
import { useMallDashboard } from './dashboard.resource';
import { FigureCards, FigureCardsSkeleton } from './FigureCards';
import { dayPart } from './greeting';
import { PeriodPicker } from './PeriodPicker';
import { periodFrom } from './period';
import './texts';

/** A mall day (yyyy-mm-dd) as the back-office shows dates: 05 Mart 2026. */
const dayLabel = (day: string) => formatDate(`${day}T00:00:00Z`, { timezone: 'UTC' });

function WelcomeCard() {
  const { t } = useTranslation('dashboard');
  const { admin } = useAuth();
  const location = session.currentLocation();
  const now = new Date();
  return (
    <Card
      sx={(theme) => ({
        p: { xs: 2.5, md: 3 },
        display: 'flex',
        alignItems: 'center',
        gap: 3,
        overflow: 'hidden',
        background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.14)} 0%, ${alpha(theme.palette.primary.light, 0.06)} 100%)`,
      })}
    >
      <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="overline" color="primary">
          {formatDate(now)}
        </Typography>
        <Typography variant="h3" component="h1">
          {t(`greeting.${dayPart(now)}`, { name: admin?.admin_name ?? '' })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 640 }}>
          {t('welcome')}
        </Typography>
        {location && (
          <Box>
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t('location', { name: location.location_name })}
            />
          </Box>
        )}
      </Stack>
      <Box sx={{ display: { xs: 'none', md: 'block' }, opacity: 0.9 }}>
        <LogoMark size={72} />
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

/** The period, the dates it covers and what it is compared with. */
function PeriodLine({ data }: { data: MallDashboard }) {
  const { t } = useTranslation('dashboard');
  const range = data.dashboard_from
    ? t('period.range', { from: dayLabel(data.dashboard_from), to: dayLabel(data.dashboard_to) })
    : t('period.upTo', { to: dayLabel(data.dashboard_to) });
  const previous =
    data.dashboard_previous_from && data.dashboard_previous_to
      ? t('period.previous', {
          from: dayLabel(data.dashboard_previous_from),
          to: dayLabel(data.dashboard_previous_to),
        })
      : t('period.noPrevious');
  return (
    <Typography variant="body2" color="text.secondary" aria-live="polite">
      {range} ({t('period.zone', { zone: data.dashboard_timezone })}) · {previous}
    </Typography>
  );
}

/** The mall's figures for the period in the address: cards, then charts with their tables. */
function Summary() {
  const { t } = useTranslation(['dashboard', 'common']);
  const language = useLanguage();
  const { params } = useUrlFilters();
  const period = useMemo(() => periodFrom(params, language), [params, language]);
  const [tables, setTables] = useState(false);
  const figures = useMallDashboard(period.query);
  const data = period.query ? figures.data : undefined;
  const numbers = useNumbers(data?.location_currency ?? 'TRY');
  const loading = period.query !== undefined && figures.isPending;
  return (
    <Stack spacing={3} component="section" aria-labelledby="dashboard-summary">
      <Stack spacing={1}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'flex-start' } }}
        >
          <Typography variant="h4" component="h2" id="dashboard-summary">
            {t('summary')}
          </Typography>
          <PeriodPicker period={period} />
        </Stack>
        {data && <PeriodLine data={data} />}
      </Stack>
      {!period.query && <Alert severity="info">{t('period.pickRange')}</Alert>}
      {period.query && figures.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void figures.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
        >
          {t('failed', { message: figures.error.message })}
        </Alert>
      )}
      {data && figures.isFetching && <LinearProgress aria-label={t('loading')} />}
      {loading && (
        <Stack spacing={3} aria-busy>
          <span style={visuallyHidden}>{t('loading')}</span>
          <FigureCardsSkeleton />
          <DashboardChartsSkeleton />
        </Stack>
      )}
      {data && (
        <>
          <FigureCards data={data} numbers={numbers} />
          <FormControlLabel
            control={<Switch checked={tables} onChange={(event) => setTables(event.target.checked)} />}
            label={t('showTables')}
          />
          <DashboardCharts data={data} numbers={numbers} tables={tables} />
        </>
      )}
    </Stack>
  );
}

/**
 * /app (spec §2; issue 18 #1): greets the admin, shows the mall's figures for a period, and lists
 * the sections the role opens.
 */
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
    <Stack spacing={4}>
      <WelcomeCard />
      <Summary />
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
