import { type QrCodeInput, qrCodeGenerations, qrCodeInput, qrCodeTypes } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form, SelectField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { campaigns } from '../campaigns/campaigns.resource';
import './texts';

type QrCodeFormProps = {
  defaultValues: QrCodeInput;
  onSubmit: (values: QrCodeInput) => Promise<unknown>;
};

const pair = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/** The mall's campaigns to pick from (at most a thousand, newest first). */
const useCampaignOptions = () => {
  const list = campaigns.useList({ pagination: { limit: 1000, currentPage: 1 } } as never, {
    staleTime: 60_000,
  });
  return (list.data?.data ?? []).map((row) => ({ value: row._id, label: row.campaign_name }));
};

/** A QR code's title, type, campaign and generation, for /qr-codes/new and /qr-codes/{id}. */
export function QrCodeForm({ defaultValues, onSubmit }: QrCodeFormProps) {
  const { t } = useTranslation('qr-codes');
  const form = useZodForm(qrCodeInput, { defaultValues });
  const generation = useWatch({ control: form.control, name: 'qr_code_generation' });
  const campaignOptions = useCampaignOptions();
  return (
    <Card sx={{ p: 3, maxWidth: 880 }}>
      <Form form={form} labels="qr-codes" onSubmit={(values) => onSubmit(values)}>
        <Box sx={pair}>
          <TextField name="qr_code_title" autoFocus hint="qr-codes:titleHint" />
          <SelectField
            name="qr_code_type"
            options={qrCodeTypes.map((value) => ({ value, label: t(`types.${value}`) }))}
          />
          <SelectField name="qr_code_campaign_id" options={campaignOptions} />
          <SelectField
            name="qr_code_generation"
            options={qrCodeGenerations.map((value) => ({ value, label: t(`generations.${value}`) }))}
          />
        </Box>
        {campaignOptions.length === 0 && <Alert severity="info">{t('noCampaigns')}</Alert>}
        {generation === 'manual' ? (
          <TextField name="qr_code_content" hint="qr-codes:contentHint" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('automaticHint')}
          </Typography>
        )}
        <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      </Form>
    </Card>
  );
}
