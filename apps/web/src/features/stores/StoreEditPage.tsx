import { displayPhone, isObjectId, type Store } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { StoreForm } from './StoreForm';
import { type StoreFormInput, stores } from './stores.resource';
import './texts';

const formValues = (row: Store): StoreFormInput => ({
  store_name: row.store_name,
  store_category_id: row.store_category_id,
  store_floor: row.store_floor,
  store_unit_no: row.store_unit_no ?? '',
  store_phone: row.store_phone ? displayPhone(row.store_phone) : '',
  store_logo: row.store_logo,
  store_website: row.store_website ?? '',
  store_cms_id: row.store_cms_id ?? '',
  store_is_active: row.store_is_active,
});

/** /settings/stores/{id}/edit. */
export default function StoreEditPage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const { id } = useParams();
  const store = stores.useOne(isObjectId(id) ? id : undefined);
  const update = stores.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : store.error?.message;
  return (
    <>
      <PageHeader
        title={t('edit')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/stores' },
          { label: store.data?.store_name ?? t('edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/settings/stores">
            {t('backToList')}
          </Button>
        </Stack>
      ) : store.data ? (
        <StoreForm
          key={store.data._id}
          mode="edit"
          defaultValues={formValues(store.data)}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: store.data!._id, data });
            navigate('/settings/stores');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
