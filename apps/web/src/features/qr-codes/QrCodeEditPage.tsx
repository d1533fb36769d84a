import { isObjectId } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { QrCodeForm } from './QrCodeForm';
import { QrCodeImage } from './QrCodeImage';
import { qrCodes } from './qr-codes.resource';
import './texts';

/** /qr-codes/{id}: the code's image and downloads, and its values to change. */
export default function QrCodeEditPage() {
  const { t } = useTranslation('qr-codes');
  const { id } = useParams();
  const code = qrCodes.useOne(isObjectId(id) ? id : undefined);
  const update = qrCodes.useUpdate({ error: false });
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : code.error?.message;
  return (
    <>
      <PageHeader
        title={t('edit')}
        crumbs={[{ label: t('title'), to: '/qr-codes' }, { label: code.data?.qr_code_title ?? t('edit') }]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to="/qr-codes">
            {t('backToList')}
          </Button>
        </Stack>
      ) : code.data ? (
        <Stack spacing={3}>
          <QrCodeImage key={code.data.qr_code_value} code={code.data} />
          <QrCodeForm
            key={code.data._id}
            defaultValues={{
              qr_code_title: code.data.qr_code_title,
              qr_code_type: code.data.qr_code_type,
              qr_code_campaign_id: code.data.qr_code_campaign_id,
              qr_code_generation: code.data.qr_code_generation,
              qr_code_content: code.data.qr_code_content ?? '',
            }}
            onSubmit={(data) => update.mutateAsync({ id: code.data!._id, data })}
          />
        </Stack>
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
