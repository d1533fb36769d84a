import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';

/** The title and the one-line explanation above every guest form. */
export function AuthHeading({ title, subtitle }: { title: string; subtitle?: string }) {
  useDocumentTitle(title);
  return (
    <Stack spacing={1} sx={{ mb: 4 }}>
      <Typography variant="h3" component="h1">
        {title}
      </Typography>
      {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
    </Stack>
  );
}
