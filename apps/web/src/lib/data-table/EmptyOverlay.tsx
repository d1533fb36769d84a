import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/** What an empty list (not an empty search) says: what belongs here, and the action that adds the first. */
export type EmptyState = { text: string; action?: ReactNode };

/**
 * Whether the table is showing search results. A context rather than `localeText.noRowsLabel`,
 * because that prop would replace the whole DataGrid locale the theme provides.
 */
export const SearchingContext = createContext(false);

/**
 * Spec §8: an empty list says "Liste boş", an empty search "Arama sonucu bulunamadı". It is drawn
 * inside the grid, whose ARIA role may hold only rows, so it is bare text: no heading, no button.
 */
export const EmptyOverlay = () => {
  const { t } = useTranslation();
  const searching = useContext(SearchingContext);
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Typography component="div" color="text.secondary">
        {t(searching ? 'table:noResults' : 'table:empty')}
      </Typography>
    </Stack>
  );
};

/**
 * A list that has nothing yet, shown in place of the grid and named like it: "Liste boş" as its
 * heading, what belongs here, and the action that adds the first.
 */
export const EmptyStatePanel = ({ text, action, label }: EmptyState & { label?: string }) => {
  const { t } = useTranslation();
  return (
    <Paper component="section" aria-label={label} variant="outlined" sx={{ px: 3, py: 6 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography component="h2" variant="subtitle1">
          {t('table:empty')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 480 }}>
          {text}
        </Typography>
        {action}
      </Stack>
    </Paper>
  );
};
