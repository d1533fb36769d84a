import { customerFrequencies, customerGenders } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type FieldValues, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DateField, Form, NumberField, SelectField, SubmitButton, TextField } from '../../lib/form';
import { AddressFields } from '../geo';
import { ConsentFields } from './ConsentFields';

function Section({ title, subheader, children }: { title: string; subheader?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>{children}</Stack>
      </CardContent>
    </Card>
  );
}

const grid = (columns: number) =>
  ({ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` } }) as const;

/** Spec §5: KVKK acceptance enables the registration button. */
function RegisterButton({ gated, label }: { gated: boolean; label: string }) {
  const { t } = useTranslation('registration');
  const kvkk = useWatch({ name: 'customer_accepts_kvkk' }) as boolean | undefined;
  const blocked = gated && !kvkk;
  return (
    <Stack spacing={1}>
      <SubmitButton size="large" fullWidth disabled={blocked}>
        {label}
      </SubmitButton>
      {blocked && (
        <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('kvkkFirst')}
        </Typography>
      )}
    </Stack>
  );
}

type CustomerEntryFormProps<T extends FieldValues, Output> = {
  mode: 'register' | 'update';
  form: UseFormReturn<T, unknown, Output>;
  onSubmit: (values: Output) => Promise<unknown>;
  /** Above the consents: the phone that was looked up, when it cannot be changed here. */
  aside?: ReactNode;
  kvkkLocked?: boolean;
  /** On update: the phone the customer was found by, shown but not changed here. */
  phone?: string;
};

/**
 * The desk's customer form (spec §3 Customer, §5 registration rules), to register a new customer or
 * to update a registered one: personal details, address with the province cascade, the rest of the
 * profile, and the consents beside them with the submit button.
 */
export function CustomerEntryForm<T extends FieldValues, Output>({
  mode,
  form,
  onSubmit,
  aside,
  kvkkLocked,
  phone,
}: CustomerEntryFormProps<T, Output>) {
  const { t } = useTranslation('registration');
  const genders = customerGenders.map((value) => ({ value, label: t(`genders.${value}`) }));
  const frequencies = [
    { value: '', label: t('unsaid') },
    ...customerFrequencies.map((value) => ({ value, label: t(`frequencies.${value}`) })),
  ];
  const parent = [
    { value: '', label: t('unsaid') },
    { value: 'true', label: t('yes') },
    { value: 'false', label: t('no') },
  ];
  return (
    <Form form={form} labels="registration" onSubmit={onSubmit}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 360px' },
        }}
      >
        <Stack spacing={3}>
          <Section title={t('sections.personal')} subheader={t('requiredNote')}>
            <Box sx={grid(2)}>
              <TextField name="customer_name" autoComplete="off" />
              <TextField name="customer_surname" autoComplete="off" />
            </Box>
            <Box sx={grid(2)}>
              {mode === 'update' && (
                <MuiTextField
                  fullWidth
                  disabled
                  label={t('fields.customer_phone')}
                  value={phone ?? ''}
                  helperText={t('phoneLocked')}
                />
              )}
              {mode === 'register' && (
                <TextField
                  name="customer_phone"
                  type="tel"
                  autoComplete="off"
                  hint="registration:phoneHint"
                />
              )}
              <TextField
                name="customer_email"
                type="email"
                autoComplete="off"
                hint="registration:emailHint"
              />
            </Box>
            <Box sx={grid(2)}>
              <DateField name="customer_birthdate" disableFuture openTo="year" />
              <SelectField name="customer_gender" options={genders} />
            </Box>
          </Section>
          <Section title={t('sections.address')}>
            <AddressFields />
            <TextField name="customer_address" multiline minRows={2} />
          </Section>
          <Section title={t('sections.more')}>
            <Box sx={grid(2)}>
              <TextField name="customer_vehicle_plate" autoComplete="off" hint="registration:plateHint" />
              <SelectField name="customer_frequency" options={frequencies} />
            </Box>
            <Box sx={grid(2)}>
              <NumberField
                name="customer_number_of_children"
                slotProps={{ htmlInput: { min: 0, max: 30 } }}
              />
              <SelectField name="customer_is_parent" options={parent} />
            </Box>
          </Section>
        </Stack>
        <Stack spacing={3} sx={{ position: { lg: 'sticky' }, top: { lg: 104 } }}>
          {aside}
          <Section title={t('sections.consents')}>
            <ConsentFields kvkkLocked={kvkkLocked} />
            <RegisterButton
              gated={mode === 'register'}
              label={mode === 'register' ? t('register') : t('saveChanges')}
            />
          </Section>
        </Stack>
      </Box>
    </Form>
  );
}
