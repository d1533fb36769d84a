import { DEFAULT_TIMEZONE } from '@avlu/contracts';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { LocationForm } from './LocationForm';
import { locations } from './locations.resource';
import './texts';

const emptyLinks = { androidApp: '', androidStore: '', iosApp: '', iosStore: '', fallbackUrl: '' };

/** /settings/locations/new. */
export default function LocationCreatePage() {
  const { t } = useTranslation('locations');
  const navigate = useNavigate();
  const create = locations.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new.title')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/locations' },
          { label: t('new.title') },
        ]}
      />
      <Box sx={{ maxWidth: 720 }}>
        <LocationForm
          defaultValues={{
            location_name: '',
            location_meta: { timezone: DEFAULT_TIMEZONE },
            location_logo: { thumbnail: null },
            hasMobileApp: false,
            location_app_links: emptyLinks,
          }}
          onSubmit={async (values) => {
            await create.mutateAsync(values);
            navigate('/settings/locations');
          }}
        />
      </Box>
    </>
  );
}
