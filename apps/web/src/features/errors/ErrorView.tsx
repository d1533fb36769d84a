import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';

type ErrorViewProps = {
  icon: typeof SvgIcon;
  code?: string;
  title: string;
  text: string;
  /** The way out, usually a button home. */
  action?: ReactNode;
};

/** The shared shape of the 404, 500 and permission-denied screens: a big icon, a title, a way out. */
export function ErrorView({ icon: Icon, code, title, text, action }: ErrorViewProps) {
  useDocumentTitle(title);
  return (
    <Stack
      spacing={2.5}
      sx={{ alignItems: 'center', justifyContent: 'center', textAlign: 'center', py: 8, px: 2, flexGrow: 1 }}
    >
      <Box
        sx={{
          position: 'relative',
          width: 160,
          height: 160,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'primary.main',
          mb: 1,
        }}
      >
        <Icon sx={{ fontSize: 80 }} />
        {code && (
          <Typography
            aria-hidden
            sx={{
              position: 'absolute',
              bottom: -6,
              px: 1.5,
              borderRadius: 5,
              fontWeight: 800,
              fontSize: 20,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {code}
          </Typography>
        )}
      </Box>
      <Typography variant="h3" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {text}
      </Typography>
      {action && <Box sx={{ pt: 1 }}>{action}</Box>}
    </Stack>
  );
}
