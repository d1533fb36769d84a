import type { Language, MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { LogoMark } from '../../components/logo/Logo';
import { languages } from '../lib/contract';
import { setLanguage, useT } from '../lib/i18n';
import { useNotify } from '../lib/notify';
import { Link, navigate } from '../lib/router';
import { useSession } from '../lib/session';

const languageNames: Record<Language, string> = { tr: 'Türkçe', en: 'English' };

// The menus' code (popover, transitions, list) arrives on the first tap, not with the first page.
const Menu = lazy(() => import('@mui/material/Menu'));
const MenuItem = lazy(() => import('@mui/material/MenuItem'));

/** Mounts the menu once first opened and keeps it, so its closing transition still plays. */
const useMenu = () => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [mounted, setMounted] = useState(false);
  return {
    anchor,
    mounted,
    open: (element: HTMLElement) => {
      setMounted(true);
      setAnchor(element);
    },
    close: () => setAnchor(null),
  };
};

function LanguageMenu() {
  const { t, language } = useT();
  const menu = useMenu();
  const anchor = menu.anchor;
  return (
    <>
      <Button
        color="inherit"
        size="small"
        aria-label={t('language.button', { code: language.toUpperCase(), name: languageNames[language] })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => menu.open(event.currentTarget)}
        sx={{ minWidth: 0, px: 1, fontWeight: 800, letterSpacing: '0.04em' }}
      >
        {language.toUpperCase()}
      </Button>
      {menu.mounted && (
        <Suspense fallback={null}>
          <Menu
            anchorEl={anchor}
            open={Boolean(anchor)}
            onClose={menu.close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
          >
            {languages.map((option) => (
              <MenuItem
                key={option}
                lang={option}
                selected={option === language}
                onClick={() => {
                  menu.close();
                  setLanguage(option);
                }}
              >
                {languageNames[option]}
              </MenuItem>
            ))}
          </Menu>
        </Suspense>
      )}
    </>
  );
}

function AccountMenu() {
  const { t } = useT();
  const notify = useNotify();
  const { base, customer, logout } = useSession();
  const menu = useMenu();
  const anchor = menu.anchor;
  const go = (path: string) => {
    menu.close();
    navigate(path);
  };
  const name = [customer?.customer_name, customer?.customer_surname].filter(Boolean).join(' ');
  const initial = (name || '?').slice(0, 1).toLocaleUpperCase('tr');
  return (
    <>
      <Button
        color="inherit"
        aria-label={t('account.button', { initial })}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => menu.open(event.currentTarget)}
        sx={{ minWidth: 0, p: 0.5, borderRadius: '50%' }}
      >
        <Box
          component="span"
          aria-hidden
          sx={{
            width: 32,
            height: 32,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: 14,
          }}
        >
          {initial}
        </Box>
      </Button>
      {menu.mounted && (
        <Suspense fallback={null}>
          <Menu
            anchorEl={anchor}
            open={Boolean(anchor)}
            onClose={menu.close}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
            transformOrigin={{ vertical: 'top', horizontal: 'right' }}
            slotProps={{ paper: { sx: { minWidth: 200 } } }}
          >
            {/* Who is signed in: inside a menu only menu items may speak, so no heading here. */}
            {name && (
              <Box component="li" role="none" sx={{ px: 2, py: 1 }}>
                <Typography component="span" variant="subtitle2" noWrap sx={{ display: 'block' }}>
                  {name}
                </Typography>
                <Typography component="span" variant="caption" color="text.secondary">
                  {customer?.customer_phone}
                </Typography>
              </Box>
            )}
            {name && <Box component="hr" sx={{ m: 0, border: 0, borderTop: 1, borderColor: 'divider' }} />}
            <MenuItem onClick={() => go(`${base}/profile`)}>{t('account.profile')}</MenuItem>
            <MenuItem onClick={() => go(`${base}/profile/profile-update`)}>{t('account.update')}</MenuItem>
            <MenuItem onClick={() => go(`${base}/receipts`)}>{t('account.receipts')}</MenuItem>
            <MenuItem onClick={() => go(`${base}/gifts`)}>{t('account.gifts')}</MenuItem>
            <MenuItem
              onClick={async () => {
                menu.close();
                await logout();
                notify(t('profile.loggedOut'), 'info');
                navigate(`${base}/login`, { replace: true });
              }}
            >
              {t('account.logout')}
            </MenuItem>
          </Menu>
        </Suspense>
      )}
    </>
  );
}

/** Spec §2: the product's and the mall's logos, the language picker and, signed in, the account menu. */
export function Header({ location }: { location: MicroSiteLocation | null }) {
  const { base, status } = useSession();
  const { t } = useT();
  const logo = location?.location_logo.thumbnail;
  return (
    <Box
      component="header"
      sx={{
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minHeight: 60,
          px: 2,
          maxWidth: 600,
          mx: 'auto',
        }}
      >
        <Box
          component={Link}
          href={base}
          aria-label={t('product')}
          sx={{ display: 'inline-flex', color: 'inherit', textDecoration: 'none' }}
        >
          <LogoMark size={32} />
        </Box>
        <Box aria-hidden sx={{ alignSelf: 'stretch', my: 1.5, borderLeft: 1, borderColor: 'divider' }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexGrow: 1 }}>
          {logo && (
            <Box
              component="img"
              src={logo}
              alt=""
              sx={{ height: 32, width: 32, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
            />
          )}
          <Typography variant="subtitle1" noWrap sx={{ fontWeight: 700 }}>
            {location?.location_name ?? ''}
          </Typography>
        </Box>
        <LanguageMenu />
        {status === 'authenticated' && <AccountMenu />}
      </Box>
    </Box>
  );
}

/** Spec §2: the footer credit, under the link to the mall's agreements. */
export function Footer() {
  const { t } = useT();
  const { base } = useSession();
  return (
    <Box
      component="footer"
      sx={{ py: 3, px: 2, textAlign: 'center', color: 'text.secondary', display: 'grid', gap: 1 }}
    >
      {/* The mall's agreements in use (issue 17 #6), for guests and customers alike. */}
      <Typography variant="body2" component={Link} href={`${base}/agreements`} sx={{ color: 'inherit' }}>
        {t('agreements')}
      </Typography>
      <Typography variant="caption">{t('footer')}</Typography>
    </Box>
  );
}
