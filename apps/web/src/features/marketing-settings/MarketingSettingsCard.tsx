import { type MarketingSettingsInput, marketingSettingsInput } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { Form, NumberField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { useMarketingSettings, useSaveMarketingSettings } from './provider-accounts.resource';
import './texts';

const SettingsForm = ({ defaultValues }: { defaultValues: MarketingSettingsInput }) => {
  const { t } = useTranslation('marketing-settings');
  const save = useSaveMarketingSettings();
  const form = useZodForm(marketingSettingsInput, { defaultValues });
  return (
    <Form
      form={form}
      labels="marketing-settings"
      onSubmit={async (values) => {
        await save.mutateAsync(values);
      }}
    >
      <NumberField
        name="marketing_approval_threshold"
        hint="marketing-settings:marketingSettings.thresholdHelp"
      />
      <TextField
        name="marketing_iys_brand_code"
        hint="marketing-settings:marketingSettings.iysBrandCodeHelp"
        autoComplete="off"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      />
      <SubmitButton sx={{ alignSelf: 'flex-end' }} />
      <Typography variant="body2" color="text.secondary">
        {t('marketingSettings.note')}
      </Typography>
    </Form>
  );
};

/**
 * The mall's marketing settings beside its provider accounts (system admin): the approval threshold
 * over which a send waits for a second user, and the mall's İYS brand code.
 */
export function MarketingSettingsCard() {
  const { t } = useTranslation('marketing-settings');
  const settings = useMarketingSettings();
  return (
    <Card component="section" aria-labelledby="marketing-settings-title" sx={{ p: 3, mt: 3, maxWidth: 720 }}>
      <Typography id="marketing-settings-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('marketingSettings.title')}
      </Typography>
      {settings.error ? (
        <Alert severity="error">{settings.error.message}</Alert>
      ) : settings.data ? (
        <SettingsForm
          defaultValues={{
            marketing_approval_threshold: settings.data.marketing_approval_threshold,
            marketing_iys_brand_code: settings.data.marketing_iys_brand_code ?? '',
          }}
        />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </Card>
  );
}
