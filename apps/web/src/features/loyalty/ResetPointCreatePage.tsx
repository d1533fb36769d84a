import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { emptyResetPoint, ResetPointForm } from './ResetPointForm';
import { resetPoints } from './reset-points.resource';

/** /loyalty/reset-points/new. */
export default function ResetPointCreatePage() {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const create = resetPoints.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('resetPoints.new')}
        crumbs={[
          { label: t('title') },
          { label: t('resetPoints.title'), to: '/loyalty/reset-points' },
          { label: t('resetPoints.new') },
        ]}
      />
      <ResetPointForm
        mode="create"
        defaultValues={emptyResetPoint}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/loyalty/reset-points');
        }}
      />
    </>
  );
}
