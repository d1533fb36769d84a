import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { useLanguage } from '../../lib/i18n/use-language';
import { CampaignForm } from './CampaignForm';
import { formValuesOf } from './campaign-form';
import { campaignName, campaigns } from './campaigns.resource';

/** /campaigns/{id}/edit: the full values go back in one `PUT /campaign/{id}`; an archived campaign is only read. */
export default function CampaignEditPage() {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const navigate = useNavigate();
  const { campaignId } = useParams();
  const found = campaigns.useOne(isObjectId(campaignId) ? campaignId : undefined);
  const update = campaigns.useUpdate({ error: false });
  const row = found.data;
  const problem = !isObjectId(campaignId)
    ? t('errors:NOT_FOUND')
    : (found.error?.message ?? (row?.campaign_status === 'archived' ? t('edit.archived') : undefined));

  return (
    <>
      <PageHeader
        title={t('edit.title')}
        crumbs={[
          { label: t('group'), to: '/campaigns' },
          { label: t('list.title'), to: '/campaigns/list' },
          { label: row ? campaignName(row, language) : t('edit.title') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity={row ? 'info' : 'error'}>{problem}</Alert>
          <Button
            component={RouterLink}
            to={row?.campaign_status === 'archived' ? '/campaigns/archive' : '/campaigns/list'}
          >
            {t('backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <CampaignForm
          key={row._id}
          mode="edit"
          defaultValues={formValuesOf(row)}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: row._id, data });
            navigate('/campaigns/list');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
