import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { StoreCategoryForm } from './StoreCategoryForm';
import { storeCategories } from './stores.resource';
import './texts';

/** /settings/store-categories/new. */
export default function StoreCategoryCreatePage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const create = storeCategories.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('categories.new')}
        crumbs={[
          { label: t('settings') },
          { label: t('categories.title'), to: '/settings/store-categories' },
          { label: t('categories.new') },
        ]}
      />
      <StoreCategoryForm
        defaultValues={{ store_category_name: '', store_category_name_en: '' }}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/settings/store-categories');
        }}
      />
    </>
  );
}
