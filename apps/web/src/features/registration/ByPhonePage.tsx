import { type Channel, type Customer, customerPhone } from '@avlu/contracts';
import PersonSearchOutlinedIcon from '@mui/icons-material/PersonSearchOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDate } from '../../lib/i18n/dates';
import { displayPhone } from '../customers/customers.resource';
import { ChannelFrame } from './ChannelFrame';
import { CustomerEntryForm } from './CustomerEntryForm';
import type { CarriedPhone, UpdateFormInput } from './registration.resource';
import { updateForm, useCheckPhone, useUpdateCustomer } from './registration.resource';

const lookup = z.object({ customer_phone: customerPhone });

function PhoneLookup({ channel, onFound }: { channel: Channel; onFound: (customer: Customer) => void }) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const check = useCheckPhone();
  const form = useZodForm(lookup, { defaultValues: { customer_phone: '' } });
  return (
    <Card sx={{ maxWidth: 560 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
          <Avatar sx={{ bgcolor: 'primary.lighter', color: 'primary.main' }}>
            <PersonSearchOutlinedIcon />
          </Avatar>
          <div>
            <Typography variant="h6" component="h2">
              {t('byPhone.heading')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('byPhone.intro')}
            </Typography>
          </div>
        </Stack>
        <Form
          form={form}
          labels="registration"
          warnOnLeave={false}
          onSubmit={async ({ customer_phone }) => {
            const answer = await check.mutateAsync({ customer_phone, channel_id: channel._id });
            if (answer.registered && answer.customer) return onFound(answer.customer);
            // Spec §8: an unknown phone is told, and the desk goes on to register it.
            enqueueSnackbar(t('byPhone.notRegistered'), { variant: 'info' });
            navigate(`/registration/customer/new/${channel._id}`, {
              state: {
                phone: form.getValues('customer_phone'),
                reactivates: answer.reactivates,
              } satisfies CarriedPhone,
            });
          }}
        >
          <TextField
            name="customer_phone"
            type="tel"
            autoFocus
            autoComplete="off"
            placeholder="0532 123 45 67"
            hint="registration:phoneHint"
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button component={RouterLink} to={`/registration/customer/new/${channel._id}`}>
              {t('byPhone.skip')}
            </Button>
            <SubmitButton>{t('byPhone.search')}</SubmitButton>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

const formValues = (customer: Customer, channelId: string): UpdateFormInput => ({
  channel_id: channelId,
  customer_name: customer.customer_name ?? '',
  customer_surname: customer.customer_surname ?? '',
  customer_email: customer.customer_email ?? '',
  customer_birthdate: customer.customer_birthdate ?? '',
  customer_gender: customer.customer_gender,
  customer_province: customer.customer_province,
  customer_district: customer.customer_district,
  customer_locality: customer.customer_locality,
  customer_address: customer.customer_address ?? '',
  customer_vehicle_plate: customer.customer_vehicle_plate ?? '',
  customer_number_of_children: customer.customer_number_of_children ?? undefined,
  customer_frequency: customer.customer_frequency ?? '',
  customer_is_parent: customer.customer_is_parent === null ? '' : String(customer.customer_is_parent),
  customer_accepts_kvkk: customer.customer_kvkk_permission,
  customer_allows_call: customer.customer_call_permission,
  customer_allows_sms: customer.customer_sms_permission,
  customer_allows_email: customer.customer_email_permission,
});

function FoundCustomer({ customer, onAgain }: { customer: Customer; onAgain: () => void }) {
  const { t } = useTranslation('registration');
  const name = [customer.customer_name, customer.customer_surname].filter(Boolean).join(' ');
  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
            {name.charAt(0) || '?'}
          </Avatar>
          <Stack sx={{ minWidth: 0 }}>
            <Typography variant="subtitle1" component="h2" noWrap>
              {name || t('byPhone.unnamed')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {displayPhone(customer.customer_phone)}
            </Typography>
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
          <Chip size="small" color="success" label={t('byPhone.registered')} />
          <Chip
            size="small"
            variant="outlined"
            label={t('byPhone.since', { date: formatDate(customer.createdAt) })}
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button size="small" component={RouterLink} to={`/customers/${customer._id}/detail`}>
            {t('byPhone.openProfile')}
          </Button>
          <Button size="small" color="inherit" onClick={onAgain}>
            {t('byPhone.again')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function UpdateCustomer({
  channel,
  customer,
  onAgain,
}: {
  channel: Channel;
  customer: Customer;
  onAgain: () => void;
}) {
  const navigate = useNavigate();
  const form = useZodForm(updateForm, { defaultValues: formValues(customer, channel._id) });
  const update = useUpdateCustomer();
  return (
    <CustomerEntryForm
      mode="update"
      form={form}
      phone={displayPhone(customer.customer_phone)}
      kvkkLocked={customer.customer_kvkk_permission}
      aside={<FoundCustomer customer={customer} onAgain={onAgain} />}
      onSubmit={async ({ customer_accepts_kvkk, ...values }) => {
        // KVKK is only ever given here; withdrawing it is a change on the customer's profile.
        const body = { ...values, ...(customer_accepts_kvkk && { customer_accepts_kvkk: true }) };
        // A failure is said once, by the form (under its field, or in its alert).
        await update.mutateAsync({ id: customer._id, body });
        navigate(`/customers/${customer._id}/detail`);
      }}
    />
  );
}

/**
 * /registration/customer/by-phone/{channelId}: the desk types a phone; a registered customer is
 * shown with the form to update, an unknown phone goes on to the new-customer form with the phone.
 */
export default function ByPhonePage() {
  const { t } = useTranslation('registration');
  const [found, setFound] = useState<Customer | null>(null);
  return (
    <ChannelFrame title={t('byPhone.title')}>
      {(channel) =>
        found ? (
          <UpdateCustomer key={found._id} channel={channel} customer={found} onAgain={() => setFound(null)} />
        ) : (
          <PhoneLookup channel={channel} onFound={setFound} />
        )
      }
    </ChannelFrame>
  );
}
