import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The id of the element the skip link jumps to: the layout's <main>, which takes focus (tabIndex -1). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first Tab stop of a page: hidden until focused, it moves focus past the menus to the page's
 * content (WCAG 2.4.1), so a keyboard user does not tab through the sidebar on every page.
 */
export function SkipLink() {
  const { t } = useTranslation('layout');
  return (
    <Box
      component="a"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus, not a fragment navigation: the URL (and the router) stay as they are.
        event.preventDefault();
        const main = document.getElementById(MAIN_CONTENT_ID);
        main?.focus();
        main?.scrollIntoView?.();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        boxShadow: 8,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('skipToContent')}
    </Box>
  );
}
