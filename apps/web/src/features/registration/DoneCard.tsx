import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What a desk just did (a code given, a receipt entered), announced as a status: a green card
 * headed by a tick and its title, with what to say beside the title (a state chip) and below it.
 */
export function DoneCard({
  title,
  beside,
  children,
}: {
  title: string;
  beside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      component="section"
      role="status"
      aria-label={title}
      variant="outlined"
      sx={{ borderColor: 'success.main', bgcolor: 'success.lighter' }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'success.dark' }}>
          <CheckCircleOutlineIcon />
          <Typography variant="subtitle1" component="h2">
            {title}
          </Typography>
          {beside}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
