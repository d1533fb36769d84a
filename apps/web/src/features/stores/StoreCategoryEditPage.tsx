import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { StoreCategoryForm } from './StoreCategoryForm';
import { storeCategories } from './stores.resource';
import './texts';

/** /settings/store-categories/{id}/edit. */
export default function StoreCategoryEditPage() {
  const { t } = useTranslation('stores');
  const navigate = useNavigate();
  const { id } = useParams();
  const category = storeCategories.useOne(isObjectId(id) ? id : undefined);
  const update = storeCategories.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : category.error?.message;
  return (
    <>
      <PageHeader
        title={t('categories.edit')}
        crumbs={[
          { label: t('settings') },
          { label: t('categories.title'), to: '/settings/store-categories' },
          { label: category.data?.store_category_name ?? t('categories.edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/settings/store-categories">
            {t('categories.backToList')}
          </Button>
        </Stack>
      ) : category.data ? (
        <StoreCategoryForm
          key={category.data._id}
          defaultValues={{
            store_category_name: category.data.store_category_name,
            store_category_name_en: category.data.store_category_name_en,
          }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: category.data!._id, data });
            navigate('/settings/store-categories');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
