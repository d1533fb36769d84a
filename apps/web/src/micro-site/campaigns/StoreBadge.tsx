import type { Language, MicroSiteStore } from '@avlu/contracts';
import Box from '@mui/material/Box';

/** A store's logo, or its initial on a tinted disc when it has none. Decorative: its name is beside it. */
export function StoreLogo({ store, size = 32 }: { store: MicroSiteStore; size?: number }) {
  return store.store_logo ? (
    <Box
      component="img"
      src={store.store_logo}
      alt=""
      loading="lazy"
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        objectFit: 'contain',
        bgcolor: 'common.white',
        border: 1,
        borderColor: 'divider',
        flexShrink: 0,
      }}
    />
  ) : (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'primary.lighter',
        color: 'primary.darker',
        fontWeight: 800,
        fontSize: size * 0.42,
        flexShrink: 0,
      }}
    >
      {store.store_name.trim().charAt(0).toLocaleUpperCase('tr')}
    </Box>
  );
}

export const storeCategory = (store: MicroSiteStore, language: Language) =>
  (language === 'en' && store.store_category_name_en) || store.store_category_name;
