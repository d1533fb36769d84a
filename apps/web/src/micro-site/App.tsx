import type { MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Footer, Header } from './components/Header';
import { LoadingScreen } from './components/LoadingScreen';
import { MicroSiteError } from './lib/api';
import { forgetReturnTo, rememberReturnTo, returnTo } from './lib/return-to';
import { Redirect, useLocationPath } from './lib/router';
import { useSession } from './lib/session';
import { InvalidAddress, NotFound } from './pages/NotFound';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const MainPage = lazy(() => import('./pages/MainPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const ProfileUpdatePage = lazy(() => import('./pages/ProfileUpdatePage'));
// The campaign pages bring their texts and the QR code encoder; none of it is in the first load.
const CampaignsPage = lazy(() => import('./pages/CampaignsPage'));
const CampaignPage = lazy(() => import('./pages/CampaignPage'));
const CouponsPage = lazy(() => import('./pages/CouponsPage'));

type Access = 'guest' | 'customer';
type Page = (props: { location: MicroSiteLocation | null }) => ReactNode;

/**
 * Spec §2 "Customer micro-site": the children of /micro-site/{locationToken}; `campaigns/:id` stands
 * for a campaign's page. Later issues add gifts and receipts.
 */
const pages: Record<string, { access: Access; page: Page }> = {
  '': { access: 'customer', page: MainPage },
  login: { access: 'guest', page: LoginPage },
  register: { access: 'guest', page: RegisterPage },
  profile: { access: 'customer', page: ProfilePage },
  'profile/profile-update': { access: 'customer', page: ProfileUpdatePage },
  campaigns: { access: 'customer', page: CampaignsPage },
  'campaigns/:id': { access: 'customer', page: CampaignPage },
  coupons: { access: 'customer', page: CouponsPage },
};

/** The route of a path under the base: its own, or the pattern with `:id` for one segment. */
const routeOf = (rest: string) => pages[rest] ?? pages[rest.replace(/\/[^/]+$/, '/:id')];

/** The mall of the token, for the header; `invalid` when the server does not know the token. */
const useMall = () => {
  const { api } = useSession();
  const [mall, setMall] = useState<MicroSiteLocation | null | 'invalid'>(null);
  // Asked once per page load: StrictMode runs effects twice in development.
  const asked = useRef<Promise<MicroSiteLocation | null | 'invalid'> | null>(null);
  useEffect(() => {
    asked.current ??= api.get<MicroSiteLocation>('/ext/location').catch((error: unknown) => {
      const refused = error instanceof MicroSiteError && [401, 403, 404].includes(error.statusCode);
      return refused ? 'invalid' : null;
    });
    let live = true;
    void asked.current.then((answer) => live && answer && setMall(answer));
    return () => {
      live = false;
    };
  }, [api]);
  useEffect(() => {
    if (mall && mall !== 'invalid') document.title = `${mall.location_name} · Avlu`;
  }, [mall]);
  return mall;
};

/**
 * Which page the path shows (spec §2): a guest asking for a customer page signs in first and comes
 * back to it; a signed-in customer on login or register goes to the main page (or back where they
 * were going); anything else is Not Found.
 */
function Routed({ location }: { location: MicroSiteLocation | null }) {
  const { base, status, locationToken } = useSession();
  const path = useLocationPath();
  const pathname = path.split('?')[0]!;
  const rest = pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
  const route = routeOf(rest);
  if (!route) return <NotFound />;
  if (status === 'loading') return <LoadingScreen />;
  if (route.access === 'customer' && status !== 'authenticated') {
    return <Redirect to={`${base}/login`} onRedirect={() => rememberReturnTo(locationToken, path)} />;
  }
  if (route.access === 'guest' && status === 'authenticated') {
    return <Redirect to={returnTo(locationToken, base)} onRedirect={() => forgetReturnTo(locationToken)} />;
  }
  const Page = route.page;
  return <Page location={location} />;
}

export function MicroSiteApp() {
  const mall = useMall();
  const { status } = useSession();
  if (mall === 'invalid') return <InvalidAddress />;
  const location = mall;
  return (
    <>
      <Header location={location} />
      <Box
        component="main"
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}
        aria-busy={status === 'loading'}
      >
        {/* MUI's <Container maxWidth="sm">, drawn here: its module costs every page 1.4 KB gzipped. */}
        <Box
          sx={{
            width: '100%',
            maxWidth: 'sm',
            mx: 'auto',
            px: { xs: 2, sm: 3 },
            py: 3,
            flexGrow: 1,
            display: 'flex',
            flexDirection: 'column',
          }}
        >
          <Suspense fallback={<LoadingScreen />}>
            <Routed location={location} />
          </Suspense>
        </Box>
      </Box>
      <Footer />
    </>
  );
}
