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
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { z } from 'zod';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDate } from '../../lib/i18n/dates';
import { displayPhone } from '../customers/customers.resource';
import type { CarriedPhone } from './registration.resource';
import { useCheckPhone } from './registration.resource';

/**
 * The desk's customer look-up, shared by the phone look-up (`by-phone`) and the coupon desk
 * (`coupons`): the phone form (an unknown phone goes on to the new-customer form with it) and the
 * card of the customer found.
 */

const lookup = z.object({ customer_phone: customerPhone });

export function PhoneLookup({
  channel,
  onFound,
  intro,
}: {
  channel: Channel;
  onFound: (customer: Customer) => void;
  /** What the found customer is looked up for; the phone look-up's words by default. */
  intro?: string;
}) {
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
              {intro ?? t('byPhone.intro')}
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

export function FoundCustomer({ customer, onAgain }: { customer: Customer; onAgain: () => void }) {
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
