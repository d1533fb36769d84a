import type { GamePlayResult, MicroSiteCampaign, MicroSiteGame, WheelSlice } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { CouponCard } from '../campaigns/CouponCard';
import { DetailRow } from '../campaigns/DetailRow';
import { useMicroSiteGet } from '../campaigns/data';
import { LoadFailed } from '../campaigns/PageStates';
import { usePlayT } from '../campaigns/play-texts';
import { LoadingScreen } from '../components/LoadingScreen';
import { MicroSiteError, messageOf } from '../lib/api';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { newPlayKey } from './play-key';
import { ScratchCard } from './ScratchCard';
import { Wheel } from './Wheel';

/** A failure after which the same key is sent again: the server may have played it (no answer heard). */
const mayHavePlayed = (error: unknown) =>
  !(error instanceof MicroSiteError) || error.statusCode < 0 || error.statusCode >= 500;

/**
 * A game campaign's page section (wheel of fortune, scratch card; loaded only on a game's page):
 * the rights left, the lottery permit (MPİ), the play button, the wheel or the card, and the result
 * with the code won. `POST …/play` carries a key made once per play: a failure without an answer
 * keeps it, so "try again" asks for the same play and the server spends one right.
 */
export default function GameSection({
  campaign,
  timeZone,
}: {
  campaign: MicroSiteCampaign;
  timeZone: string;
}) {
  const { t, language } = usePlayT();
  const { api, base } = useSession();
  const game = useMicroSiteGet<MicroSiteGame>(`/ext/app/customers/campaigns/${campaign._id}/game`);
  const pendingKey = useRef<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [result, setResult] = useState<GamePlayResult | null>(null);
  const [shown, setShown] = useState(false);

  if (game.loading) return <LoadingScreen />;
  if (game.error !== null || !game.data)
    return <LoadFailed title={t('game.loadError')} message={game.error ?? ''} onRetry={game.reload} />;
  const state = game.data;
  const wheel = state.campaign_type === 'wheel_of_fortune';
  const rights = state.game_rights_left;
  const noPlaysToday = state.game_plays_left_today === 0;
  const canPlay = rights > 0 && !noPlaysToday;
  const sliceLabel = (slice: WheelSlice) =>
    slice.slice_kind === 'lose'
      ? t('game.tryAgain')
      : slice.slice_kind === 'win'
        ? t('game.surprise')
        : ((language === 'en' ? slice.prize_name_en : slice.prize_name) ?? '');

  const play = async () => {
    pendingKey.current ??= newPlayKey();
    setBusy(true);
    setFailure(null);
    try {
      const played = await api.post<GamePlayResult>(`/ext/app/customers/campaigns/${campaign._id}/play`, {
        game_play_key: pendingKey.current,
      });
      pendingKey.current = null;
      setShown(false);
      setResult(played);
      game.update((current) => ({
        ...current,
        game_rights_left: played.game_rights_left,
        game_plays_left_today:
          current.game_plays_left_today === null ? null : Math.max(current.game_plays_left_today - 1, 0),
      }));
    } catch (error) {
      const retry = mayHavePlayed(error);
      if (!retry) pendingKey.current = null;
      setFailure({ message: messageOf(error), retry });
      setBusy(false);
    }
  };
  const finish = () => {
    setBusy(false);
    setShown(true);
  };
  const close = () => {
    setShown(false);
    setResult(null);
  };
  const won = result?.game_play_outcome === 'win';
  const prizeName = result ? (language === 'en' ? result.prize_name_en : result.prize_name) : null;
  const rightsText =
    wheel || language !== 'en'
      ? t('game.rightsLeft', { count: rights })
      : t('game.cardsLeft', { count: rights });

  return (
    <Box
      component="section"
      aria-label={wheel ? t('game.wheel') : t('game.card')}
      sx={{ display: 'grid', gap: 2 }}
    >
      <Paper variant="outlined" sx={{ px: 2, borderRadius: 3 }}>
        <Box component="dl" sx={{ m: 0, '& > div + div': { borderTop: 1, borderColor: 'divider' } }}>
          {state.campaign_lottery_permit_no && (
            <DetailRow label={t('game.permit')}>{state.campaign_lottery_permit_no}</DetailRow>
          )}
        </Box>
      </Paper>
      <Typography variant="h6" component="p" role="status" sx={{ textAlign: 'center' }}>
        {rights > 0 ? rightsText : t('game.noRights')}
      </Typography>
      {rights > 0 && noPlaysToday && (
        <Alert severity="info" role="note">
          {t('game.noPlaysToday')}
        </Alert>
      )}
      {wheel ? (
        <Wheel
          slices={state.wheel_slices}
          label={sliceLabel}
          target={result?.wheel_slice ?? null}
          spinKey={result?._id ?? null}
          onStop={finish}
          title={t('game.wheel')}
        />
      ) : result?.scratch_areas ? (
        <ScratchCard
          key={result._id}
          areas={result.scratch_areas}
          onDone={finish}
          texts={{
            title: t('game.card'),
            hint: t('game.scratchHint'),
            revealAll: t('game.revealAll'),
            area: (index) => t('game.area', { index }),
            empty: t('game.empty'),
            covered: t('game.covered'),
          }}
        />
      ) : null}
      {failure && (
        <Alert
          severity="error"
          action={
            failure.retry ? (
              <Button color="inherit" size="small" onClick={play}>
                {t('game.retry')}
              </Button>
            ) : undefined
          }
        >
          {failure.message}
        </Alert>
      )}
      {!failure?.retry && (
        <Button
          variant="contained"
          size="large"
          onClick={play}
          disabled={!canPlay || busy || (result !== null && !shown)}
          sx={{ py: 1.5 }}
        >
          {busy
            ? wheel
              ? t('game.spinning')
              : t('game.playing')
            : wheel
              ? t('game.spin')
              : t('game.scratch')}
        </Button>
      )}
      <Dialog open={shown && result !== null} onClose={close} aria-labelledby="game-result" fullWidth>
        <DialogTitle id="game-result">{won ? t('game.won') : t('game.lost')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <Typography>
            {won
              ? prizeName
                ? t('game.wonPrize', { prize: prizeName })
                : t('game.wonCode')
              : t('game.lostText')}
          </Typography>
          {won && result?.coupon && (
            <CouponCard coupon={result.coupon} timeZone={timeZone} headingLevel="h3" />
          )}
        </DialogContent>
        <DialogActions>
          {won && (
            <Button component={Link} href={`${base}/coupons`}>
              {t('campaign.showMyCoupons')}
            </Button>
          )}
          <Button variant="contained" onClick={close}>
            {t('game.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
