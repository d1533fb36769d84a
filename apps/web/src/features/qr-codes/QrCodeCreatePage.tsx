import type { QrCode } from '@avlu/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { QrCodeForm } from './QrCodeForm';
import { qrCodes } from './qr-codes.resource';
import './texts';

/** /qr-codes/new: saved, the code opens on its page with its image to download. */
export default function QrCodeCreatePage() {
  const { t } = useTranslation('qr-codes');
  const navigate = useNavigate();
  const create = qrCodes.useCreate({ error: false });
  return (
    <>
      <PageHeader title={t('new')} crumbs={[{ label: t('title'), to: '/qr-codes' }, { label: t('new') }]} />
      <QrCodeForm
        defaultValues={{
          qr_code_title: '',
          qr_code_type: 'campaign_detail',
          qr_code_campaign_id: '',
          qr_code_generation: 'automatic',
          qr_code_content: '',
        }}
        onSubmit={async (values) => {
          const created = await create.mutateAsync(values);
          navigate(`/qr-codes/${(created as QrCode)._id}`);
        }}
      />
    </>
  );
}
