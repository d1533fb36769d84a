import { type Customer, checkPhoneBody } from '@avlu/contracts';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../lib/api';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { checkPhone } from './customers.resource';

/** What a lookup found: the customer, or the phone nobody registered with; null while it runs. */
export type PhoneLookupResult = { customer: Customer } | { missingPhone: string } | null;

/**
 * The desks' card that finds one customer by phone (Turkey by default, spaces removed; spec §5):
 * the phone search page and the gift desk. A new search first clears the last result (spec §8).
 */
export function PhoneLookup({
  intro,
  label,
  placeholder,
  submitLabel,
  onResult,
}: {
  intro: string;
  /** The field's label, as an i18n key (`namespace:key`). */
  label: string;
  placeholder?: string;
  submitLabel: string;
  onResult: (result: PhoneLookupResult) => void;
}) {
  const form = useZodForm(checkPhoneBody, { defaultValues: { customer_phone: '' } });
  const search = async ({ customer_phone }: { customer_phone: string }) => {
    onResult(null);
    try {
      onResult({ customer: await checkPhone(customer_phone) });
    } catch (error) {
      if (isApiError(error) && error.code === 'CUSTOMER_NOT_FOUND')
        return onResult({ missingPhone: customer_phone });
      throw error;
    }
  };
  return (
    <Card sx={{ p: 3 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <Form form={form} onSubmit={search} warnOnLeave={false}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            name="customer_phone"
            label={label}
            placeholder={placeholder}
            type="tel"
            autoComplete="off"
            autoFocus
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <PhoneOutlinedIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <SubmitButton sx={{ minWidth: 160, height: 56, flexShrink: 0 }}>{submitLabel}</SubmitButton>
        </Stack>
      </Form>
    </Card>
  );
}
