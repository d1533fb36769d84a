import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../lib/form';

const contacts = ['customer_allows_call', 'customer_allows_sms', 'customer_allows_email'] as const;
type Contacts = Record<(typeof contacts)[number], boolean | undefined>;

/**
 * KVKK acceptance and the contact permissions. Spec §4: the master permission box is ticked when
 * call, SMS and email are all on, and ticking or unticking it sets all three.
 */
export function ConsentFields({ kvkkLocked = false }: { kvkkLocked?: boolean }) {
  const { t } = useTranslation('registration');
  const { setValue } = useFormContext<Contacts>();
  const { isSubmitting } = useFormState();
  const values = useWatch<Contacts>({ name: [...contacts] });
  const on = values.filter(Boolean).length;
  const setAll = (value: boolean) => {
    for (const name of contacts) setValue(name, value, { shouldDirty: true, shouldTouch: true });
  };
  return (
    <Stack spacing={1}>
      <CheckboxField
        name="customer_accepts_kvkk"
        disabled={kvkkLocked}
        hint={kvkkLocked ? 'registration:kvkkGiven' : 'registration:kvkkHint'}
      />
      <Divider sx={{ my: 1 }} />
      <FormControlLabel
        disabled={isSubmitting}
        label={t('allPermissions')}
        slotProps={{ typography: { sx: { fontWeight: 600 } } }}
        control={
          <Checkbox
            checked={on === contacts.length}
            indeterminate={on > 0 && on < contacts.length}
            onChange={(_, checked) => setAll(checked)}
          />
        }
      />
      <Stack sx={{ pl: 3.5 }}>
        {contacts.map((name) => (
          <CheckboxField key={name} name={name} />
        ))}
      </Stack>
      <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
        {t('permissionsHint')}
      </Alert>
    </Stack>
  );
}
