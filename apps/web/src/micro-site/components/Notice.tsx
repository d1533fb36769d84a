import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { NoticeValue } from '../lib/notify';

/** One snackbar message (spec §8), at the top of the phone screen for 3 s. */
export default function Notice({
  notice,
  open,
  onClose,
}: {
  notice: NoticeValue;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Snackbar
      key={notice.key}
      open={open}
      autoHideDuration={3000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
    >
      <Alert
        severity={notice.severity}
        variant="filled"
        onClose={onClose}
        sx={{ width: 1, alignItems: 'center' }}
      >
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
