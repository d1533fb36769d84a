import type { PointBalance } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useT } from '../lib/i18n';
import { formatPoints } from './data';

/**
 * The customer's points and tier (issue 14 #9), on the main page and above the gifts. Its words are
 * in the first-load catalogue (`main.*`): the main page shows it before any loyalty page is opened.
 * Without an answer yet it holds its place; when the balance cannot be had, nothing is shown.
 */
export function BalanceCard({ balance, loading }: { balance: PointBalance | undefined; loading: boolean }) {
  const { t, language } = useT();
  if (!balance && !loading) return null;
  const tier = balance
    ? (language === 'en' ? balance.loyalty_tier_title_en : null) || balance.loyalty_tier_title
    : null;
  return (
    <Paper
      component="section"
      aria-labelledby="balance-title"
      aria-busy={loading}
      variant="outlined"
      sx={{
        p: 2.5,
        borderRadius: 4,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        bgcolor: 'background.paper',
        borderColor: 'primary.light',
        borderWidth: 2,
      }}
    >
      <Box sx={{ flexGrow: 1, display: 'grid', gap: 0.25 }}>
        <Typography id="balance-title" variant="body2" component="h2" color="text.secondary">
          {t('main.balance')}
        </Typography>
        {balance ? (
          <>
            <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
              {t('main.points', { count: formatPoints(balance.point_balance, language) })}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {tier ? t('main.tier', { tier }) : t('main.noTier')}
            </Typography>
          </>
        ) : (
          <>
            <Skeleton variant="text" width={140} sx={{ fontSize: 32 }} />
            <Skeleton variant="text" width={180} />
          </>
        )}
      </Box>
      {tier && (
        <Box
          aria-hidden
          sx={{
            width: 52,
            height: 52,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 800,
            fontSize: 22,
          }}
        >
          {tier.slice(0, 1).toLocaleUpperCase(language === 'tr' ? 'tr' : 'en')}
        </Box>
      )}
    </Paper>
  );
}
