import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { StoreForm } from './StoreForm';
import { stores } from './stores.resource';
import './texts';

/** /settings/stores/new. */
export default function StoreCreatePage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const create = stores.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/stores' },
          { label: t('new') },
        ]}
      />
      <StoreForm
        mode="create"
        defaultValues={{
          store_name: '',
          store_category_id: '',
          store_floor: '',
          store_unit_no: '',
          store_phone: '',
          store_logo: null,
          store_website: '',
          store_cms_id: '',
          store_is_active: true,
        }}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/settings/stores');
        }}
      />
    </>
  );
}
