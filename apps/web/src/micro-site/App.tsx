import type { MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Footer, Header } from './components/Header';
import { LoadingScreen } from './components/LoadingScreen';
import { MicroSiteError } from './lib/api';
import { rememberReturnTo, takeReturnTo } from './lib/return-to';
import { Redirect, useLocationPath } from './lib/router';
import { useSession } from './lib/session';
import { InvalidAddress, NotFound } from './pages/NotFound';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const RegisterPage = lazy(() => import('./pages/RegisterPage'));
const MainPage = lazy(() => import('./pages/MainPage'));
const ProfilePage = lazy(() => import('./pages/ProfilePage'));
const ProfileUpdatePage = lazy(() => import('./pages/ProfileUpdatePage'));

type Access = 'guest' | 'customer';
type Page = (props: { location: MicroSiteLocation | null }) => ReactNode;

/** Spec §2 "Customer micro-site": the children of /micro-site/{locationToken}. Later issues add campaigns, gifts, receipts. */
const pages: Record<string, { access: Access; page: Page }> = {
  '': { access: 'customer', page: MainPage },
  login: { access: 'guest', page: LoginPage },
  register: { access: 'guest', page: RegisterPage },
  profile: { access: 'customer', page: ProfilePage },
  'profile/profile-update': { access: 'customer', page: ProfileUpdatePage },
};

/** The mall of the token, for the header; `invalid` when the server does not know the token. */
const useMall = () => {
  const { api } = useSession();
  const [mall, setMall] = useState<MicroSiteLocation | null | 'invalid'>(null);
  useEffect(() => {
    let live = true;
    api.get<MicroSiteLocation>('/ext/location').then(
      (location) => live && setMall(location),
      (error: unknown) => {
        const refused = error instanceof MicroSiteError && [401, 403, 404].includes(error.statusCode);
        if (live && refused) setMall('invalid');
      },
    );
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
  const route = pages[rest];
  if (!route) return <NotFound />;
  if (status === 'loading') return <LoadingScreen />;
  if (route.access === 'customer' && status !== 'authenticated') {
    rememberReturnTo(locationToken, path);
    return <Redirect to={`${base}/login`} />;
  }
  if (route.access === 'guest' && status === 'authenticated') {
    return <Redirect to={takeReturnTo(locationToken, base)} />;
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
        <Container maxWidth="sm" sx={{ py: 3, flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
          <Suspense fallback={<LoadingScreen />}>
            <Routed location={location} />
          </Suspense>
        </Container>
      </Box>
      <Footer />
    </>
  );
}
