import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
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
