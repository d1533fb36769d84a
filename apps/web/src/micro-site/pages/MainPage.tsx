import type { MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../../components/logo/Logo';
import { useT } from '../lib/i18n';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';

/** The signed-in customer's main page; later issues add campaigns, coupons and gifts here. */
export default function MainPage({ location }: { location: MicroSiteLocation | null }) {
  const { t } = useT();
  const { base, customer } = useSession();
  const name = customer?.customer_name;
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
      <Button component={Link} href={`${base}/profile`} variant="outlined" size="large">
        {t('main.profile')}
      </Button>
    </Box>
  );
}
