import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ChannelForm } from './ChannelForm';
import { type ChannelFormInput, channels } from './channels.resource';

const blank: ChannelFormInput = {
  channel_name: '',
  channel_name_en: '',
  channel_exp: '',
  channel_exp_en: '',
  channel_types: [],
  tags: [],
  event_id: '',
  channel_status: true,
  channel_cdp_data_entry: true,
  channel_cdp_receipt_entry: false,
  channel_ui_allowed: false,
  channel_single_participation: false,
  channel_payment_form_allowed: false,
  channel_permission_allow: false,
  channel_teacher_form_allowed: false,
  channel_detail_payment_form_allowed: false,
};

/** /registration/channels/new. */
export default function ChannelCreatePage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const create = channels.useCreate({ error: false });
  return (
    <>
      <PageHeader
        title={t('new.title')}
        crumbs={[
          { label: t('group') },
          { label: t('title'), to: '/registration/channels' },
          { label: t('new.title') },
        ]}
      />
      <ChannelForm
        mode="create"
        defaultValues={blank}
        onSubmit={async (values) => {
          await create.mutateAsync(values);
          navigate('/registration/channels');
        }}
      />
    </>
  );
}
