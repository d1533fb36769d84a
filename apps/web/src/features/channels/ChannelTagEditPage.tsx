import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ChannelTagForm } from './ChannelTagForm';
import { channelTypes, useAllChannelTypes } from './channels.resource';

/** /registration/channel-tags/{channelTagId}/edit; the API has no single read, so the tag comes from the list. */
export default function ChannelTagEditPage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const { channelTagId } = useParams();
  const types = useAllChannelTypes();
  const update = channelTypes.useUpdate({ error: false });
  const tag = types.data?.data.find((row) => row._id === channelTagId);
  const problem =
    !isObjectId(channelTagId) || (types.data && !tag) ? t('errors:NOT_FOUND') : types.error?.message;

  return (
    <>
      <PageHeader
        title={t('tags.edit')}
        crumbs={[
          { label: t('group') },
          { label: t('tags.title'), to: '/registration/channel-tags' },
          { label: tag?.channel_type_name ?? t('tags.edit') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/registration/channel-tags">
            {t('tags.backToList')}
          </Button>
        </Stack>
      ) : tag ? (
        <ChannelTagForm
          key={tag._id}
          defaultValues={{ channel_type_name: tag.channel_type_name, channel_type_exp: tag.channel_type_exp }}
          onSubmit={async (data) => {
            await update.mutateAsync({ id: tag._id, data });
            navigate('/registration/channel-tags');
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
