import type { MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../components/logo/Logo';
import { useT } from '../lib/i18n';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { BalanceCard } from '../loyalty/BalanceCard';
import { useAvailableGifts } from '../loyalty/data';

/** A large tappable link with a line saying what is behind it. */
function NavCard({ href, title, text }: { href: string; title: string; text: string }) {
  return (
    <Paper
      component={Link}
      href={href}
      variant="outlined"
      sx={{
        p: 2,
        borderRadius: 3,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        textDecoration: 'none',
        color: 'text.primary',
        '&:hover, &:focus-visible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ flexGrow: 1, display: 'grid' }}>
        <Typography variant="h6" component="span">
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" component="span">
          {text}
        </Typography>
      </Box>
      <Typography aria-hidden component="span" color="primary.main" sx={{ fontSize: 24, fontWeight: 700 }}>
        ›
      </Typography>
    </Paper>
  );
}

/** The signed-in customer's main page: points and tier, campaigns, coupons, receipts, gifts and the profile. */
export default function MainPage({ location }: { location: MicroSiteLocation | null }) {
  const { t } = useT();
  const { base, customer } = useSession();
  const name = customer?.customer_name;
  const loyalty = useAvailableGifts();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper
        variant="outlined"
        sx={{
          p: 3,
          borderRadius: 4,
          bgcolor: 'primary.lighter',
          borderColor: 'primary.light',
          display: 'grid',
          gap: 1.5,
        }}
      >
        <LogoMark size={44} />
        <Typography variant="h4" component="h1">
          {name ? t('main.welcome', { name }) : t('main.welcomeAnonymous')}
        </Typography>
        <Typography color="text.secondary">
          {t('main.text', { mall: location?.location_name ?? '' })}
        </Typography>
      </Paper>
      <BalanceCard balance={loyalty.data?.balance} loading={loyalty.loading} />
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <NavCard href={`${base}/campaigns`} title={t('main.campaigns')} text={t('main.campaignsText')} />
        <NavCard href={`${base}/coupons`} title={t('main.coupons')} text={t('main.couponsText')} />
        <NavCard href={`${base}/receipts`} title={t('main.receipts')} text={t('main.receiptsText')} />
        <NavCard href={`${base}/gifts`} title={t('main.gifts')} text={t('main.giftsText')} />
        <NavCard
          href={`${base}/reservations`}
          title={t('main.reservations')}
          text={t('main.reservationsText')}
        />
        <NavCard href={`${base}/feedback`} title={t('main.feedback')} text={t('main.feedbackText')} />
      </Box>
      <Button component={Link} href={`${base}/profile`} variant="outlined" size="large">
        {t('main.profile')}
      </Button>
    </Box>
  );
}
