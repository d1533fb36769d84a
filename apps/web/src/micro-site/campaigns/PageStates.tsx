import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { LoadingScreen } from '../components/LoadingScreen';
import type { Loaded } from './data';
import { useCampaignT } from './texts';

/** A list that could not be loaded: the server's message and a retry. */
export function LoadFailed({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useCampaignT();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('campaigns.retry')}
        </Button>
      }
    >
      <strong>{title}</strong>
      <br />
      {message}
    </Alert>
  );
}

/** A page's title and, under it, what the page is for. */
export function PageHeading({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  );
}

/**
 * A page whose form needs data first: until it is there, its heading over the spinner or over the
 * failure with a retry; null once loaded, and the page shows itself.
 */
export function pageWaitingFor(
  load: Pick<Loaded<unknown>, 'data' | 'error' | 'loading' | 'reload'>,
  heading: ReactNode,
  failedTitle: string,
): ReactNode {
  const waiting = load.loading && load.data === undefined;
  if (!waiting && load.error === null) return null;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {heading}
      {waiting ? (
        <LoadingScreen />
      ) : (
        <LoadFailed title={failedTitle} message={load.error ?? ''} onRetry={load.reload} />
      )}
    </Box>
  );
}

/** An empty list: what it is, and where to go. */
export function EmptyState({ title, text, action }: { title: string; text: string; action?: ReactNode }) {
  return (
    <Box
      sx={{
        textAlign: 'center',
        py: 5,
        px: 2,
        display: 'grid',
        gap: 1.5,
        justifyItems: 'center',
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        borderRadius: 4,
      }}
    >
      <Typography variant="h6" component="p">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      {action}
    </Box>
  );
}
