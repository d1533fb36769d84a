import type { MicroSiteLocation } from '@avlu/contracts';
import Box from '@mui/material/Box';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { Footer, Header } from './components/Header';
import { LoadingScreen } from './components/LoadingScreen';
import { MicroSiteError } from './lib/api';
import { useT } from './lib/i18n';
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
// The loyalty pages (issue 14 #9) bring their texts, the receipt form and the photo shrinking.
const ReceiptsPage = lazy(() => import('./pages/ReceiptsPage'));
const ReceiptUploadPage = lazy(() => import('./pages/ReceiptUploadPage'));
const ReceiptEditPage = lazy(() => import('./pages/ReceiptEditPage'));
const GiftsPage = lazy(() => import('./pages/GiftsPage'));
// The reservation pages (issue 17 #9) bring their texts; booking asks the areas' free hours.
const ReservationsPage = lazy(() => import('./reservations/ReservationsPage'));
const BookingPage = lazy(() => import('./reservations/BookingPage'));
// The feedback page (issue 17 #9) brings its texts.
const FeedbackPage = lazy(() => import('./feedback/FeedbackPage'));
// The agreement pages (issue 17 #6, #9) bring their texts; guests read them too (from the registration form).
const AgreementsPage = lazy(() => import('./agreements/AgreementsPage'));
const AgreementPage = lazy(() => import('./agreements/AgreementPage'));

/** `any`: a guest and a signed-in customer alike (the agreements). */
type Access = 'guest' | 'customer' | 'any';
type Page = (props: { location: MicroSiteLocation | null }) => ReactNode;
/** `title`: the catalogue key of the page's name in the tab's title (WCAG 2.4.2); the main page has the mall's only. */
type Route = { access: Access; page: Page; title?: string };

/**
 * Spec §2 "Customer micro-site": the children of /micro-site/{locationToken}; `campaigns/:id` stands
 * for a campaign's page, `receipt-upload/:id` for the campaign a receipt is for; `receipts` (the
 * customer's receipts) is this product's own page, reached from the main page and the account menu.
 */
const pages: Record<string, Route> = {
  '': { access: 'customer', page: MainPage },
  login: { access: 'guest', page: LoginPage, title: 'login.title' },
  register: { access: 'guest', page: RegisterPage, title: 'register.title' },
  profile: { access: 'customer', page: ProfilePage, title: 'profile.title' },
  'profile/profile-update': { access: 'customer', page: ProfileUpdatePage, title: 'update.title' },
  campaigns: { access: 'customer', page: CampaignsPage, title: 'main.campaigns' },
  'campaigns/:id': { access: 'customer', page: CampaignPage, title: 'main.campaigns' },
  coupons: { access: 'customer', page: CouponsPage, title: 'main.coupons' },
  gifts: { access: 'customer', page: GiftsPage, title: 'main.gifts' },
  receipts: { access: 'customer', page: ReceiptsPage, title: 'main.receipts' },
  'receipt-upload/:id': { access: 'customer', page: ReceiptUploadPage, title: 'main.uploadReceipt' },
  'receipt-edit': { access: 'customer', page: ReceiptEditPage, title: 'main.editReceipt' },
  reservations: { access: 'customer', page: ReservationsPage, title: 'main.reservations' },
  'reservations/new': { access: 'customer', page: BookingPage, title: 'main.reservations' },
  feedback: { access: 'customer', page: FeedbackPage, title: 'main.feedback' },
  agreements: { access: 'any', page: AgreementsPage, title: 'agreements' },
  'agreements/:id': { access: 'any', page: AgreementPage, title: 'agreements' },
};

/** The route of a path under the base: its own, or the pattern with `:id` for one segment. */
const routeOf = (rest: string): Route | undefined => pages[rest] ?? pages[rest.replace(/\/[^/]+$/, '/:id')];

/** The path after the micro-site's base, without slashes at either end or the query. */
const usePageRest = () => {
  const { base } = useSession();
  const pathname = useLocationPath().split('?')[0]!;
  return pathname.slice(base.length).replace(/^\/+|\/+$/g, '');
};

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
  return mall;
};

/** The tab's title: the page's name, then the mall's (`Kampanyalar · Avlu Park AVM`), as the back-office names its pages. */
const useTitle = (mall: MicroSiteLocation | null | 'invalid') => {
  const { t } = useT();
  const route = routeOf(usePageRest());
  const page = route ? (route.title ? t(route.title) : undefined) : t('notFound.title');
  const name = mall && mall !== 'invalid' ? mall.location_name : undefined;
  useEffect(() => {
    const parts = [page, name].filter(Boolean);
    if (parts.length > 0) document.title = parts.join(' · ');
  }, [page, name]);
};

/**
 * Which page the path shows (spec §2): a guest asking for a customer page signs in first and comes
 * back to it; a signed-in customer on login or register goes to the main page (or back where they
 * were going); anything else is Not Found.
 */
function Routed({ location }: { location: MicroSiteLocation | null }) {
  const { base, status, locationToken } = useSession();
  const path = useLocationPath();
  const route = routeOf(usePageRest());
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
  useTitle(mall);
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
