import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';

export type Crumb = { label: string; to?: string };

type PageHeaderProps = {
  /** Already translated; the page's one h1. */
  title: string;
  /** The way up, ending with the page itself (no `to`). */
  crumbs?: Crumb[];
  /** Buttons on the right: create, invite. */
  action?: ReactNode;
};

/** The top of a back-office screen: its title, where it sits, and its main action. */
export function PageHeader({ title, crumbs, action }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between', mb: 4 }}
    >
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {crumbs && (
          <Breadcrumbs>
            {crumbs.map((crumb) =>
              crumb.to ? (
                <Link
                  key={crumb.label}
                  component={RouterLink}
                  to={crumb.to}
                  color="inherit"
                  underline="hover"
                >
                  {crumb.label}
                </Link>
              ) : (
                <Typography key={crumb.label} color="text.disabled">
                  {crumb.label}
                </Typography>
              ),
            )}
          </Breadcrumbs>
        )}
      </Stack>
      {action && (
        <Stack direction="row" spacing={1}>
          {action}
        </Stack>
      )}
    </Stack>
  );
}
