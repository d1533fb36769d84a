import { type Channel, isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ChannelForm } from './ChannelForm';
import { type ChannelFormInput, channels } from './channels.resource';

const formValues = ({ _id, createdAt, updatedAt, event_id, ...values }: Channel): ChannelFormInput => ({
  ...values,
  event_id: event_id ?? '',
});

/** /registration/channels/{channelId}/edit. */
export default function ChannelEditPage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const { channelId } = useParams();
  const channel = channels.useOne(isObjectId(channelId) ? channelId : undefined);
  const update = channels.useUpdate({ error: false });
  const problem = !isObjectId(channelId) ? t('errors:NOT_FOUND') : channel.error?.message;

  return (
    <>
      <PageHeader
        title={t('edit.title')}
        crumbs={[
          { label: t('group') },
          { label: t('title'), to: '/registration/channels' },
          { label: channel.data?.channel_name ?? t('edit.title') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/registration/channels">
            {t('backToList')}
          </Button>
        </Stack>
      ) : channel.data ? (
        <ChannelForm
          key={channel.data._id}
          mode="edit"
          defaultValues={formValues(channel.data)}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: channel.data._id, data });
            navigate('/registration/channels');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
