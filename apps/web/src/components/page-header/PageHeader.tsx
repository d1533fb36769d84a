import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useHomePath } from '../../app/home-path';
import { useDocumentTitle } from '../../lib/document-title/use-document-title';

export type Crumb = { label: string; to?: string };

type PageHeaderProps = {
  /** Already translated; the page's one h1. */
  title: string;
  /** The way up below the home screen, ending with the page itself (no `to`); just the title by default. */
  crumbs?: Crumb[];
  /** Buttons on the right: create, invite. */
  action?: ReactNode;
};

/**
 * The top of a back-office screen: its title, where it sits, and its main action. Every screen but
 * the role's home (the first screen it may use) starts its breadcrumbs with a link home.
 */
export function PageHeader({ title, crumbs, action }: PageHeaderProps) {
  const { t } = useTranslation('layout');
  const home = useHomePath();
  const { pathname } = useLocation();
  useDocumentTitle(title);
  const trail: Crumb[] =
    pathname === home ? [] : [{ label: t('breadcrumbs.home'), to: home }, ...(crumbs ?? [{ label: title }])];
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
        {trail.length > 0 && (
          <Breadcrumbs aria-label={t('breadcrumbs.label')}>
            {trail.map((crumb, index) =>
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
                <Typography
                  key={crumb.label}
                  color={index === trail.length - 1 ? 'text.primary' : 'inherit'}
                  aria-current={index === trail.length - 1 ? 'page' : undefined}
                >
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
