import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useChallengeProgress } from '../lib/challenge';
import { useT } from '../lib/i18n';

/** While a security challenge is being solved (lib/challenge.ts): what the wait is, and how far it got. */
export function ChallengeProgress() {
  const { t } = useT();
  const progress = useChallengeProgress();
  if (progress === null) return null;
  const percent = Math.round(progress * 100);
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        left: '50%',
        bottom: 24,
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.tooltip,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.25,
        borderRadius: 2,
        boxShadow: 6,
        bgcolor: 'background.paper',
      }}
    >
      <CircularProgress size={20} variant={percent > 0 ? 'determinate' : 'indeterminate'} value={percent} />
      <Typography variant="body2">{t('challenge.solving', { percent })}</Typography>
    </Box>
  );
}
