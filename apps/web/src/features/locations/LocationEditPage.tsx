import { isObjectId, type LocationSettings } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useAuth } from '../../lib/auth';
import { LocationForm } from './LocationForm';
import { locations } from './locations.resource';
import { MicroSiteCard } from './MicroSiteCard';
import './texts';

const formValues = (location: LocationSettings) => {
  const links = location.location_app_links;
  return {
    location_name: location.location_name,
    location_meta: location.location_meta,
    location_logo: location.location_logo,
    hasMobileApp: location.hasMobileApp,
    location_app_links: {
      androidApp: links.androidApp ?? '',
      androidStore: links.androidStore ?? '',
      iosApp: links.iosApp ?? '',
      iosStore: links.iosStore ?? '',
      fallbackUrl: links.fallbackUrl ?? '',
    },
  };
};

function EditLocation({ location }: { location: LocationSettings }) {
  const navigate = useNavigate();
  const update = locations.useUpdate({ error: false });
  const { refreshProfile } = useAuth();
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: '1fr 380px' },
        alignItems: 'start',
      }}
    >
      <LocationForm
        defaultValues={formValues(location)}
        onSubmit={async (data) => {
          await update.mutateAsync({ id: location._id, data });
          // The sidebar's mall picker shows names and logos from the profile.
          await refreshProfile();
          navigate('/settings/locations');
        }}
      />
      <MicroSiteCard location={location} />
    </Box>
  );
}

/** /settings/locations/{id}/edit. */
export default function LocationEditPage() {
  const { t } = useTranslation('locations');
  const { id } = useParams();
  const location = locations.useOne(isObjectId(id) ? id : undefined);
  const problem = !isObjectId(id) ? t('errors:LOCATION_NOT_FOUND') : location.error?.message;
  return (
    <>
      <PageHeader
        title={t('edit.title')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/locations' },
          { label: t('edit.title') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/settings/locations">
            {t('edit.backToList')}
          </Button>
        </Stack>
      ) : location.data ? (
        <EditLocation location={location.data} />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
