import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { emptyPointProvider, PointProviderForm } from './PointProviderForm';
import { LIST_PATH, pointProviders } from './point-providers.resource';
import './texts';

/** /loyalty/point-providers/new. */
export default function PointProviderCreatePage() {
  const { t } = useTranslation('point-providers');
  const navigate = useNavigate();
  const create = pointProviders.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new')}
        crumbs={[{ label: t('group') }, { label: t('title'), to: LIST_PATH }, { label: t('new') }]}
      />
      <PointProviderForm
        mode="create"
        defaultValues={emptyPointProvider}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate(LIST_PATH);
        }}
      />
    </>
  );
}
