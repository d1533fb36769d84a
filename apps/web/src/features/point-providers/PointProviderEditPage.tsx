import { isObjectId, type PointProvider, type PointProviderInput } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { PointProviderForm } from './PointProviderForm';
import { LIST_PATH, pointProviders } from './point-providers.resource';
import './texts';

const formValues = ({ _id, createdAt, updatedAt, ...row }: PointProvider): PointProviderInput => ({
  ...row,
  point_provider_start_at: row.point_provider_start_at ?? '',
  point_provider_end_at: row.point_provider_end_at ?? '',
});

/** /loyalty/point-providers/{pointProviderId}: change a provider. */
export default function PointProviderEditPage() {
  const { t } = useTranslation('point-providers');
  const navigate = useNavigate();
  const { pointProviderId: id } = useParams();
  const provider = pointProviders.useOne(isObjectId(id) ? id : undefined);
  const update = pointProviders.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : provider.error?.message;
  return (
    <>
      <PageHeader
        title={t('edit')}
        crumbs={[
          { label: t('group') },
          { label: t('title'), to: LIST_PATH },
          { label: provider.data?.point_provider_name ?? t('edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to={LIST_PATH}>
            {t('backToList')}
          </Button>
        </Stack>
      ) : provider.data ? (
        <PointProviderForm
          key={provider.data._id}
          mode="edit"
          defaultValues={formValues(provider.data)}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: provider.data!._id, data });
            navigate(LIST_PATH);
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
