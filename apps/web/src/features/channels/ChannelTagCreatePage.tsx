import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { isApiError } from '../../lib/api';
import { ChannelTagForm } from './ChannelTagForm';
import { channelTypes } from './channels.resource';

/** /registration/channel-tags/new. */
export default function ChannelTagCreatePage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const create = channelTypes.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('tags.new')}
        crumbs={[
          { label: t('group') },
          { label: t('tags.title'), to: '/registration/channel-tags' },
          { label: t('tags.new') },
        ]}
      />
      <ChannelTagForm
        defaultValues={{ channel_type_name: '', channel_type_exp: '' }}
        onSubmit={async (values) => {
          try {
            await create.mutateAsync(values);
          } catch (error) {
            // Spec §8's fixed text; the form shows the server's reason under the field or above it.
            if (!(isApiError(error) && error.canceled))
              enqueueSnackbar(t('tags.createFailed'), { variant: 'error' });
            throw error;
          }
          navigate('/registration/channel-tags');
        }}
      />
    </>
  );
}
