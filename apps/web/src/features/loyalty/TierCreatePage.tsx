import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { TierForm } from './TierForm';
import { tiers } from './tiers.resource';

/** /loyalty/tiers/new. */
export default function TierCreatePage() {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const create = tiers.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('tiers.new')}
        crumbs={[
          { label: t('title') },
          { label: t('tiers.title'), to: '/loyalty/tiers' },
          { label: t('tiers.new') },
        ]}
      />
      <TierForm
        defaultValues={{
          loyalty_tier_title: '',
          loyalty_tier_title_en: '',
          loyalty_tier_point_multiplier: 1,
        }}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/loyalty/tiers');
        }}
      />
    </>
  );
}
