import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { CampaignForm } from './CampaignForm';
import { blankCampaign } from './campaign-form';
import { campaigns } from './campaigns.resource';

/** /campaigns/new: a campaign starts to be published; the list publishes it. */
export default function CampaignCreatePage() {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const create = campaigns.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new.title')}
        crumbs={[
          { label: t('group'), to: '/campaigns' },
          { label: t('list.title'), to: '/campaigns/list' },
          { label: t('new.title') },
        ]}
      />
      <CampaignForm
        mode="create"
        defaultValues={blankCampaign()}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/campaigns/list');
        }}
      />
    </>
  );
}
