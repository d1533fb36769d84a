import { isObjectId } from '@avlu/contracts';
import CodeOffOutlinedIcon from '@mui/icons-material/CodeOffOutlined';
import CodeOutlinedIcon from '@mui/icons-material/CodeOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import RestoreOutlinedIcon from '@mui/icons-material/RestoreOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useConfirmedRemove } from '../../lib/data-table';
import { formatDate, formatDateTime } from '../../lib/i18n/dates';
import { usePermissions } from '../../lib/permissions';
import { CustomerPoints } from '../loyalty/CustomerPoints';
import { CustomerReceipts } from '../loyalty/CustomerReceipts';
import { CustomerRedemptions } from '../loyalty/CustomerRedemptions';
import { AddReminderButton } from '../reminders/AddReminderButton';
import { ConsentIcons } from './ConsentIcons';
import { CustomerConsents } from './CustomerConsents';
import { CustomerCoupons } from './CustomerCoupons';
import { useChannelNames } from './channel-names';
import {
  type CustomerProfile,
  customers,
  displayPhone,
  fullName,
  useCustomerProfile,
  useReactivate,
  useSetDeveloper,
} from './customers.resource';
import { gameRightsSubjects, stepCounterSubjects } from './mechanics-access';

// The coupons tab lists the codes given at the desks and on the micro-site; the game rights tab (spec
// §2's wheel-of-fortune rights) and the steps tab show to the roles their routes let read them; the
// loyalty tabs show to the roles whose module reads them: the receipts to the receipts module, the
// points (the ledger) and the gifts (the redemptions) to the loyalty customers module.
const tabs = ['profile', 'consents', 'coupons', 'games', 'receipts', 'points', 'gifts', 'steps'] as const;
type TabKey = (typeof tabs)[number];
const tabPages: Partial<Record<TabKey, string>> = {
  receipts: '/loyalty/receipts',
  points: '/loyalty/customer-loyalty',
  gifts: '/loyalty/gifted-customer-list',
};
/** Tabs of an API route rather than a page: shown when the role holds one of the route's subjects. */
const tabSubjects: Partial<Record<TabKey, readonly string[]>> = {
  games: gameRightsSubjects,
  steps: stepCounterSubjects,
};

// The campaign mechanics tabs load when opened, with their texts (customer-mechanics namespace).
const CustomerGameRights = lazy(() => import('./CustomerGameRights'));
const CustomerSteps = lazy(() => import('./CustomerSteps'));

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack spacing={0.25} sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

function ProfileFields({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation('customers');
  const channels = useChannelNames();
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? t('none') : String(value);
  const yesNo = (value: boolean | null) => (value === null ? t('none') : t(value ? 'yes' : 'no'));
  const rows: [keyof typeof profile | 'age', ReactNode][] = [
    ['customer_name', text(profile.customer_name)],
    ['customer_surname', text(profile.customer_surname)],
    ['customer_phone', displayPhone(profile.customer_phone)],
    ['customer_email', text(profile.customer_email)],
    ['customer_gender', t(`genders.${profile.customer_gender}`)],
    ['customer_birthdate', profile.customer_birthdate ? formatDate(profile.customer_birthdate) : t('none')],
    ['age', text(profile.age)],
    ['customer_province', text(profile.customer_province)],
    ['customer_district', text(profile.customer_district)],
    ['customer_locality', text(profile.customer_locality)],
    ['customer_address', text(profile.customer_address)],
    ['customer_number_of_children', text(profile.customer_number_of_children)],
    ['customer_is_parent', yesNo(profile.customer_is_parent)],
    [
      'customer_frequency',
      profile.customer_frequency ? t(`frequencies.${profile.customer_frequency}`) : t('none'),
    ],
    ['customer_vehicle_plate', text(profile.customer_vehicle_plate)],
    [
      'channel_id',
      profile.channel_id ? (channels.names.get(profile.channel_id) ?? t('unknownChannel')) : t('none'),
    ],
    ['customer_favorite_region', text(profile.customer_favorite_region)],
    ['customer_favorite_category', text(profile.customer_favorite_category)],
    ['customer_push_token', t(profile.customer_push_token ? 'detail.pushToken.yes' : 'detail.pushToken.no')],
    ['customer_is_developer', yesNo(profile.customer_is_developer)],
    ['createdAt', formatDateTime(profile.createdAt)],
    ...(profile.customer_deletedAt
      ? [
          ['customer_deletedAt', formatDateTime(profile.customer_deletedAt)] as [
            keyof typeof profile,
            ReactNode,
          ],
        ]
      : []),
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 2.5,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {rows.map(([field, value]) => (
        <Field key={field} label={t(`fields.${field}`)}>
          {value}
        </Field>
      ))}
    </Box>
  );
}

function Summary({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation('customers');
  const name = fullName(profile);
  return (
    <Card sx={{ p: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
        <Avatar sx={{ width: 64, height: 64, fontSize: 24, bgcolor: 'primary.main' }}>
          {(profile.customer_name?.charAt(0) ?? '') + (profile.customer_surname?.charAt(0) ?? '') || '?'}
        </Avatar>
        <Stack spacing={0.5} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography variant="h5" component="p">
              {name || displayPhone(profile.customer_phone)}
            </Typography>
            {profile.customer_is_developer && <Chip size="small" color="warning" label={t('developer')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[displayPhone(profile.customer_phone), profile.customer_email].filter(Boolean).join(' · ')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {[
              t('detail.registeredOn', { date: formatDateTime(profile.createdAt) }),
              profile.age !== null && t('detail.ageYears', { age: profile.age }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Stack>
        <ConsentIcons customer={profile} />
      </Stack>
    </Card>
  );
}

/** A deleted account (spec §4): kept for the retention period, during which staff may bring it back. */
function DeletedBanner({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation('customers');
  const reactivate = useReactivate();
  if (!profile.customer_deletedAt) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button
          color="inherit"
          size="small"
          loading={reactivate.isPending}
          startIcon={<RestoreOutlinedIcon />}
          onClick={() => reactivate.mutate(profile._id)}
        >
          {t('detail.reactivate')}
        </Button>
      }
    >
      {t('detail.deleted', { date: formatDateTime(profile.customer_deletedAt) })}
    </Alert>
  );
}

function DetailActions({ profile }: { profile: CustomerProfile }) {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const setDeveloper = useSetDeveloper();
  const remove = useConfirmedRemove(customers, { title: t('detail.deleteTitle') });
  const marked = profile.customer_is_developer;
  const toggleDeveloper = async () => {
    const ok = await confirm({
      title: t(marked ? 'detail.unmarkDeveloperTitle' : 'detail.markDeveloperTitle'),
      content: t('detail.developerHint'),
      confirmText: t(marked ? 'detail.unmarkDeveloper' : 'detail.markDeveloper'),
    });
    if (ok) setDeveloper.mutate({ id: profile._id, value: !marked });
  };
  const deleteCustomer = async () => {
    const name = fullName(profile) || displayPhone(profile.customer_phone);
    if (await remove(profile._id, t('detail.deleteContent', { name }))) navigate('/customers/filter');
  };
  return (
    <>
      {!profile.customer_deletedAt && (
        <AddReminderButton
          about={{
            reminder_customer_id: profile._id,
            label: fullName(profile) || displayPhone(profile.customer_phone),
          }}
        />
      )}
      <Button
        variant="outlined"
        color="inherit"
        disabled={setDeveloper.isPending}
        startIcon={marked ? <CodeOffOutlinedIcon /> : <CodeOutlinedIcon />}
        onClick={toggleDeveloper}
      >
        {t(marked ? 'detail.unmarkDeveloper' : 'detail.markDeveloper')}
      </Button>
      {!profile.customer_deletedAt && (
        <Button variant="outlined" color="error" startIcon={<DeleteOutlineIcon />} onClick={deleteCustomer}>
          {t('detail.delete')}
        </Button>
      )}
    </>
  );
}

/** /customers/{customerId}/detail: profile, consents with history, the codes given, and the tabs later features fill. */
export default function CustomerDetailPage() {
  const { t } = useTranslation('customers');
  const { customerId } = useParams();
  const [params, setParams] = useSearchParams();
  const id = isObjectId(customerId) ? customerId : undefined;
  const profile = useCustomerProfile(id);
  const { canVisit, canUseSubject } = usePermissions();
  const shownTabs = tabs.filter((key) => {
    const page = tabPages[key];
    const subjects = tabSubjects[key];
    return (
      (page === undefined || canVisit(page)) &&
      (subjects === undefined || subjects.some((subject) => canUseSubject(subject)))
    );
  });
  const tab: TabKey = shownTabs.find((key) => key === params.get('tab')) ?? 'profile';
  const crumbs = [
    { label: t('title'), to: '/customers' },
    { label: t('list.title'), to: '/customers/filter' },
    {
      label: profile.data
        ? fullName(profile.data) || displayPhone(profile.data.customer_phone)
        : t('detail.title'),
    },
  ];

  if (!id || profile.isError)
    return (
      <>
        <PageHeader title={t('detail.title')} crumbs={crumbs} />
        <Card sx={{ p: 3 }}>
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity="error">
              {!id || profile.error?.statusCode === 404 ? t('detail.notFound') : profile.error?.message}
            </Alert>
            <Button component={RouterLink} to="/customers/filter">
              {t('detail.backToList')}
            </Button>
          </Stack>
        </Card>
      </>
    );
  if (!profile.data) return <LoadingScreen fullPage={false} />;

  return (
    <>
      <PageHeader
        title={t('detail.title')}
        crumbs={crumbs}
        action={<DetailActions profile={profile.data} />}
      />
      <Stack spacing={3}>
        <DeletedBanner profile={profile.data} />
        <Summary profile={profile.data} />
        <Card>
          <Tabs
            value={tab}
            onChange={(_, next: TabKey) =>
              setParams(next === 'profile' ? {} : { tab: next }, { replace: true })
            }
            variant="scrollable"
            sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {shownTabs.map((key) => (
              <Tab key={key} value={key} label={t(`detail.tabs.${key}`)} />
            ))}
          </Tabs>
          <Box sx={{ p: 3 }} role="tabpanel" aria-label={t(`detail.tabs.${tab}`)}>
            {tab === 'profile' && <ProfileFields profile={profile.data} />}
            {tab === 'consents' && <CustomerConsents profile={profile.data} />}
            {tab === 'coupons' && <CustomerCoupons customerId={profile.data._id} />}
            {tab === 'receipts' && <CustomerReceipts customerId={profile.data._id} />}
            {tab === 'points' && <CustomerPoints customerId={profile.data._id} />}
            {tab === 'gifts' && <CustomerRedemptions customerId={profile.data._id} />}
            <Suspense fallback={<Skeleton variant="rounded" height={120} />}>
              {tab === 'games' && <CustomerGameRights customerId={profile.data._id} />}
              {tab === 'steps' && <CustomerSteps customerId={profile.data._id} />}
            </Suspense>
          </Box>
        </Card>
      </Stack>
    </>
  );
}
