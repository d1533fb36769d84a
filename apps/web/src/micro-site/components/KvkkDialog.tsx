import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useT } from '../lib/i18n';
import type { useKvkk } from '../lib/kvkk';
import { useSession } from '../lib/session';

type KvkkDialogProps = {
  open: boolean;
  kvkk: ReturnType<typeof useKvkk>;
  onClose: () => void;
  onAccept: () => void;
};

export function KvkkDialog({ open, kvkk, onClose, onAccept }: KvkkDialogProps) {
  const { t } = useT();
  // A long legal text reads best on the whole screen of a phone.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { base } = useSession();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      scroll="paper"
      aria-labelledby="kvkk-title"
    >
      <DialogTitle id="kvkk-title">{kvkk.agreement?.agreement_title || t('kvkk.title')}</DialogTitle>
      {/* A long text scrolls: focusable, so a keyboard can scroll it too. */}
      <DialogContent dividers tabIndex={0}>
        {kvkk.loading ? (
          <CircularProgress aria-label={t('loading')} />
        ) : (
          <Typography sx={{ whiteSpace: 'pre-line' }} variant="body2">
            {kvkk.agreement?.agreement_text ?? kvkk.error ?? t('register.kvkkMissing')}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        {/* The agreement's own page, with its PDF, in a new tab: the form behind the dialog stays as typed. */}
        {kvkk.agreement && (
          <Button href={`${base}/agreements/kvkk`} target="_blank" rel="noopener" sx={{ mr: 'auto' }}>
            {t('kvkk.fullText')}
          </Button>
        )}
        <Button onClick={onClose} color="inherit">
          {t('kvkk.close')}
        </Button>
        <Button onClick={onAccept} variant="contained" disabled={!kvkk.agreement}>
          {t('kvkk.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
