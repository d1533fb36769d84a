import type { MicroSiteLocation, PublicLoyaltyGift } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { EmptyState, LoadFailed } from '../campaigns/PageStates';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { BalanceCard } from '../loyalty/BalanceCard';
import type { Claimed } from '../loyalty/ClaimDialog';
import { formatPoints, useAvailableGifts } from '../loyalty/data';
import { useLoyaltyT } from '../loyalty/texts';

/** The claim's confirmation loads when first opened: the modal's code is not in the page's first load. */
const ClaimDialog = lazy(() => import('../loyalty/ClaimDialog'));

/** Spec §2 micro-site `gifts`: the balance, the gifts it buys now, and their claim after a confirmation. */
export default function GiftsPage({ location: _ }: { location: MicroSiteLocation | null }) {
  const { t, language } = useLoyaltyT();
  const { base } = useSession();
  const gifts = useAvailableGifts();
  const [choosing, setChoosing] = useState<PublicLoyaltyGift | null>(null);
  const [outcome, setOutcome] = useState<
    { kind: 'claimed'; claimed: Claimed } | { kind: 'refused'; message: string } | null
  >(null);

  const header = (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="h4" component="h1">
        {t('gifts.title')}
      </Typography>
      <Typography color="text.secondary">{t('gifts.text')}</Typography>
    </Box>
  );
  if (gifts.error)
    return (
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {header}
        <LoadFailed title={t('gifts.loadError')} message={gifts.error} onRetry={gifts.reload} />
      </Box>
    );
  const list = gifts.data?.available_gift_list ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {header}
      <BalanceCard balance={gifts.data?.balance} loading={gifts.loading} />
      {outcome?.kind === 'claimed' && (
        <Alert severity="success" role="status" onClose={() => setOutcome(null)}>
          {t('gifts.claimed', {
            gift: outcome.claimed.gift,
            count: formatPoints(outcome.claimed.points, language),
          })}
          {outcome.claimed.code && (
            <>
              <br />
              <strong>{t('gifts.code', { code: outcome.claimed.code })}</strong>
            </>
          )}
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert severity="error" role="alert" onClose={() => setOutcome(null)}>
          {outcome.message}
        </Alert>
      )}
      {gifts.loading && !gifts.data ? (
        <LoadingScreen />
      ) : list.length === 0 ? (
        <EmptyState
          title={t('gifts.empty')}
          text={t('gifts.emptyText')}
          action={
            <Button component={Link} href={`${base}/receipts`} variant="outlined">
              {t('gifts.uploadMore')}
            </Button>
          }
        />
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {list.map((gift) => {
            const titleId = `gift-${gift._id}`;
            return (
              <Paper
                key={gift._id}
                component="article"
                aria-labelledby={titleId}
                variant="outlined"
                sx={{ p: 2, borderRadius: 3, display: 'grid', gap: 1 }}
              >
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline' }}>
                  <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                    {gift.loyalty_gift_title}
                  </Typography>
                  <Typography sx={{ fontWeight: 800, color: 'primary.main', whiteSpace: 'nowrap' }}>
                    {t('gifts.cost', { count: formatPoints(gift.loyalty_gift_point_quantity, language) })}
                  </Typography>
                </Box>
                {gift.loyalty_gift_note && (
                  <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                    {gift.loyalty_gift_note}
                  </Typography>
                )}
                <Typography variant="body2">
                  {gift.loyalty_gift_send_type === 'to_address' ? t('gifts.toAddress') : t('gifts.byHand')}
                </Typography>
                <Button
                  variant="contained"
                  aria-describedby={titleId}
                  onClick={() => {
                    setOutcome(null);
                    setChoosing(gift);
                  }}
                >
                  {t('gifts.claim')}
                </Button>
              </Paper>
            );
          })}
        </Box>
      )}
      {choosing && gifts.data && (
        <Suspense fallback={null}>
          <ClaimDialog
            gift={choosing}
            balance={gifts.data.balance.point_balance}
            onClose={() => setChoosing(null)}
            onClaimed={(claimed) => {
              setChoosing(null);
              setOutcome({ kind: 'claimed', claimed });
              gifts.reload();
            }}
            onRefused={(message) => {
              setChoosing(null);
              setOutcome({ kind: 'refused', message });
              gifts.reload();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
