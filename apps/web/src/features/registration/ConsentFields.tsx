import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../lib/form';
import { useEntryKvkk } from './registration.resource';

const contacts = ['customer_allows_call', 'customer_allows_sms', 'customer_allows_email'] as const;
type Contacts = Record<(typeof contacts)[number], boolean | undefined>;

/**
 * The mall's KVKK notice in use, to read to the customer before the box is ticked (issue 12 #21);
 * its version goes with the form (`agreement_version`), so the history keeps the text they heard.
 */
function KvkkNotice() {
  const { t } = useTranslation('registration');
  const { setValue } = useFormContext<{ agreement_version?: string | null }>();
  const { data, isPending, isError } = useEntryKvkk();
  useEffect(() => {
    if (data) setValue('agreement_version', data.agreement_version);
  }, [data, setValue]);
  if (isPending) return <Skeleton variant="rounded" height={180} />;
  if (isError) return <Alert severity="warning">{t('kvkkMissing')}</Alert>;
  return (
    <Stack spacing={0.75}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h3" id="kvkk-notice-title">
          {data.agreement_title}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {t('kvkkVersion', { version: data.agreement_version })}
        </Typography>
      </Stack>
      <Box
        role="region"
        aria-labelledby="kvkk-notice-title"
        // Scrolls by keyboard too.
        tabIndex={0}
        sx={{
          maxHeight: 220,
          overflowY: 'auto',
          whiteSpace: 'pre-line',
          typography: 'body2',
          p: 1.5,
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
        }}
      >
        {data.agreement_text}
      </Box>
    </Stack>
  );
}

/**
 * KVKK acceptance with the notice to read, and the contact permissions. Spec §4: the master permission box is ticked when
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
      {!kvkkLocked && <KvkkNotice />}
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
