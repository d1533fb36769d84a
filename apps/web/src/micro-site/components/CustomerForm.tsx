import type { MicroSiteCustomer } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import { useEffect, useState } from 'react';
import { EMAIL_LENGTH, isPersonName, looksLikeEmail } from '../lib/contract';
import { type Params, useT } from '../lib/i18n';
import { loadPlateRule, plateLooksValid } from '../lib/plate';
import { useSession } from '../lib/session';
import { AddressPicker } from './AddressPicker';
import { Field } from './Field';
import { SelectField } from './SelectField';

export type CustomerValues = {
  customer_name: string;
  customer_surname: string;
  customer_birthdate: string;
  customer_gender: 'male' | 'female' | 'unknown';
  customer_email: string;
  customer_province: string;
  customer_district: string;
  customer_locality: string;
  customer_address: string;
  customer_vehicle_plate: string;
  customer_allows_sms: boolean;
  customer_allows_email: boolean;
  customer_allows_call: boolean;
};

export type CustomerErrors = Partial<Record<keyof CustomerValues, string>>;

export const valuesOf = (customer?: MicroSiteCustomer | null): CustomerValues => ({
  customer_name: customer?.customer_name ?? '',
  customer_surname: customer?.customer_surname ?? '',
  customer_birthdate: customer?.customer_birthdate?.slice(0, 10) ?? '',
  customer_gender: customer?.customer_gender ?? 'unknown',
  customer_email: customer?.customer_email ?? '',
  customer_province: customer?.customer_province ?? '',
  customer_district: customer?.customer_district ?? '',
  customer_locality: customer?.customer_locality ?? '',
  customer_address: customer?.customer_address ?? '',
  customer_vehicle_plate: customer?.customer_vehicle_plate ?? '',
  customer_allows_sms: customer?.customer_sms_permission ?? false,
  customer_allows_email: customer?.customer_email_permission ?? false,
  customer_allows_call: customer?.customer_call_permission ?? false,
});

const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

/** Spec §5 registration rules; the server checks them again and answers in the same words. */
export const validateCustomer = (values: CustomerValues, t: (key: string, params?: Params) => string) => {
  const errors: CustomerErrors = {};
  const required = t('validation.required');
  for (const name of ['customer_name', 'customer_surname'] as const) {
    const value = values[name].trim().replace(/\s+/g, ' ');
    if (!value) errors[name] = required;
    else if (!isPersonName(value)) errors[name] = t('validation.personName');
    else if (value.length > 50) errors[name] = t('validation.max', { max: 50 });
  }
  if (!values.customer_birthdate) errors.customer_birthdate = required;
  else if (!/^\d{4}-\d{2}-\d{2}$/.test(values.customer_birthdate)) errors.customer_birthdate = required;
  else if (values.customer_birthdate > today()) errors.customer_birthdate = t('validation.birthdateFuture');
  const email = values.customer_email.trim();
  if (email && (email.length < EMAIL_LENGTH.min || email.length > EMAIL_LENGTH.max))
    errors.customer_email = t('validation.emailLength');
  else if (email && !looksLikeEmail(email)) errors.customer_email = t('validation.email');
  if (values.customer_vehicle_plate.trim() && !plateLooksValid(values.customer_vehicle_plate))
    errors.customer_vehicle_plate = t('validation.plate');
  if (values.customer_address.length > 300) errors.customer_address = t('validation.max', { max: 300 });
  return errors;
};

/** Spec §3: the payload's profile part; names '' when unset, email left out when empty, plate without spaces. */
export const payloadOf = (values: CustomerValues) => {
  const email = values.customer_email.trim();
  const plate = values.customer_vehicle_plate.replace(/\s/g, '');
  return {
    customer_name: values.customer_name.trim(),
    customer_surname: values.customer_surname.trim(),
    customer_birthdate: values.customer_birthdate,
    customer_gender: values.customer_gender,
    ...(email && { customer_email: email }),
    customer_province: values.customer_province,
    customer_district: values.customer_district,
    customer_locality: values.customer_locality,
    customer_address: values.customer_address.trim(),
    customer_vehicle_plate: plate,
    // The master permission, when sent, sets all three on the server: sent only when all three are on.
    ...(values.customer_allows_sms &&
      values.customer_allows_email &&
      values.customer_allows_call && { customer_allows_permissions: true }),
    customer_allows_sms: values.customer_allows_sms,
    customer_allows_email: values.customer_allows_email,
    customer_allows_call: values.customer_allows_call,
  };
};

/** The form's state: values, what changed, and errors shown once a field was left or the form sent. */
export const useCustomerForm = (initial: CustomerValues) => {
  const { t } = useT();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof CustomerValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<CustomerErrors>({});
  const [, setRuleLoaded] = useState(false);
  const hasPlate = values.customer_vehicle_plate.trim() !== '';
  useEffect(() => {
    if (hasPlate) void loadPlateRule().then(() => setRuleLoaded(true));
  }, [hasPlate]);
  const errors = validateCustomer(values, t);
  const shown: CustomerErrors = {};
  for (const key of Object.keys(values) as (keyof CustomerValues)[]) {
    const message = serverErrors[key] ?? ((submitted || touched[key]) && errors[key]);
    if (message) shown[key] = message;
  }
  const changed = (Object.keys(values) as (keyof CustomerValues)[]).some(
    (key) => values[key] !== initial[key],
  );
  return {
    values,
    errors: shown,
    valid: Object.keys(errors).length === 0,
    changed,
    set: (patch: Partial<CustomerValues>) => {
      setValues((current) => ({ ...current, ...patch }));
      setServerErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(patch) as (keyof CustomerValues)[]) delete next[key];
        return next;
      });
    },
    touch: (key: keyof CustomerValues) => setTouched((current) => ({ ...current, [key]: true })),
    /** Marks every field as shown (spec §8: a failed registration runs validation again). */
    revalidate: () => setSubmitted(true),
    /** The server's `fields` (already localised) under their fields. */
    setServerErrors: (fields: Record<string, string> | undefined) =>
      setServerErrors((fields ?? {}) as CustomerErrors),
  };
};

export type CustomerForm = ReturnType<typeof useCustomerForm>;

/** Name, birth date, gender, email, address, plate and the contact permissions (spec §3, §4, §5). */
export function CustomerFields({ form }: { form: CustomerForm }) {
  const { t } = useT();
  const { values, errors, set, touch } = form;
  const { base } = useSession();
  const text = (
    name: keyof CustomerValues,
    label: string,
    extra: Partial<Parameters<typeof Field>[0]> = {},
  ) => (
    <Field
      label={label}
      name={name}
      value={values[name] as string}
      onChange={(value) => set({ [name]: value })}
      onBlur={() => touch(name)}
      error={errors[name]}
      {...extra}
    />
  );
  const all = values.customer_allows_sms && values.customer_allows_email && values.customer_allows_call;
  const some = values.customer_allows_sms || values.customer_allows_email || values.customer_allows_call;
  return (
    <>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {text('customer_name', t('fields.name'), { required: true, autoComplete: 'given-name' })}
        {text('customer_surname', t('fields.surname'), { required: true, autoComplete: 'family-name' })}
      </Box>
      {text('customer_birthdate', t('fields.birthdate'), {
        type: 'date',
        required: true,
        shrink: true,
        autoComplete: 'bday',
        htmlInput: { max: today(), min: '1900-01-01' },
      })}
      <SelectField
        label={t('fields.gender')}
        name="customer_gender"
        value={values.customer_gender}
        onChange={(value) => set({ customer_gender: value as CustomerValues['customer_gender'] })}
        options={(['female', 'male', 'unknown'] as const).map((gender) => ({
          value: gender,
          label: t(`fields.genders.${gender}`),
        }))}
      />
      {text('customer_email', t('fields.email'), {
        type: 'email',
        autoComplete: 'email',
        htmlInput: { inputMode: 'email', maxLength: 265 },
      })}
      <AddressPicker
        province={values.customer_province}
        district={values.customer_district}
        locality={values.customer_locality}
        onChange={set}
      />
      {text('customer_address', t('fields.address'), { multiline: true, autoComplete: 'street-address' })}
      {text('customer_vehicle_plate', t('fields.plate'), {
        helperText: t('fields.plateHint'),
        htmlInput: { maxLength: 20, autoCapitalize: 'characters' },
      })}
      <FormControl component="fieldset" variant="standard">
        <FormLabel component="legend" sx={{ mb: 0.5 }}>
          {t('fields.consents')}
        </FormLabel>
        <FormControlLabel
          control={
            <Checkbox
              name="customer_allows_permissions"
              checked={all}
              indeterminate={some && !all}
              onChange={(event) =>
                set({
                  customer_allows_sms: event.target.checked,
                  customer_allows_email: event.target.checked,
                  customer_allows_call: event.target.checked,
                })
              }
            />
          }
          label={t('fields.permissions')}
          sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { mt: -0.75 } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, pl: 3.5 }}>
          {(
            [
              ['customer_allows_call', 'fields.call'],
              ['customer_allows_sms', 'fields.sms'],
              ['customer_allows_email', 'fields.emailPermission'],
            ] as const
          ).map(([name, label]) => (
            <FormControlLabel
              key={name}
              control={
                <Checkbox
                  size="small"
                  name={name}
                  checked={values[name]}
                  onChange={(event) => set({ [name]: event.target.checked })}
                />
              }
              label={t(label)}
            />
          ))}
        </Box>
        {/* In a new tab: what was typed in the form stays. */}
        <Box
          component="a"
          href={`${base}/agreements/etk-permissions`}
          target="_blank"
          rel="noopener"
          sx={{ pl: 3.5, typography: 'body2', color: 'primary.main' }}
        >
          {t('fields.etkLink')}
        </Box>
      </FormControl>
    </>
  );
}
