import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Whether the table is showing search results. A context rather than `localeText.noRowsLabel`,
 * because that prop would replace the whole DataGrid locale the theme provides.
 */
export const SearchingContext = createContext(false);

/** Spec §8: an empty list says "Liste boş", an empty search "Arama sonucu bulunamadı". */
export const EmptyOverlay = () => {
  const { t } = useTranslation();
  const searching = useContext(SearchingContext);
  return (
    <Stack sx={{ height: '100%', alignItems: 'center', justifyContent: 'center', p: 3 }}>
      <Typography color="text.secondary">{t(searching ? 'table:noResults' : 'table:empty')}</Typography>
    </Stack>
  );
};
