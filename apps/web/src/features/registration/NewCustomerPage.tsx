import type { Channel } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useZodForm } from '../../lib/form';
import { ChannelFrame } from './ChannelFrame';
import { CustomerEntryForm } from './CustomerEntryForm';
import {
  type CarriedPhone,
  type RegisterFormInput,
  registerForm,
  useRegisterCustomer,
} from './registration.resource';
import { onPhoneField } from './submit-errors';

const blank = (channelId: string, phone: string): RegisterFormInput => ({
  channel_id: channelId,
  customer_phone: phone,
  customer_name: '',
  customer_surname: '',
  customer_email: '',
  customer_birthdate: '',
  customer_gender: 'unknown',
  customer_province: null,
  customer_district: null,
  customer_locality: null,
  customer_address: '',
  customer_vehicle_plate: '',
  customer_number_of_children: undefined,
  customer_frequency: '',
  customer_is_parent: '',
  customer_accepts_kvkk: false,
  customer_allows_call: false,
  customer_allows_sms: false,
  customer_allows_email: false,
});

function RegisterCustomer({ channel }: { channel: Channel }) {
  const { t } = useTranslation('registration');
  const navigate = useNavigate();
  const carried = useLocation().state as CarriedPhone | null;
  const form = useZodForm(registerForm, { defaultValues: blank(channel._id, carried?.phone ?? '') });
  const register = useRegisterCustomer();
  return (
    <Stack spacing={3}>
      {carried?.reactivates && <Alert severity="info">{t('new.reactivates')}</Alert>}
      <CustomerEntryForm
        mode="register"
        form={form}
        onSubmit={async (values) => {
          try {
            const saved = await register.mutateAsync(values);
            navigate(`/customers/${saved._id}/detail`);
          } catch (error) {
            // A failed registration is said once, by the form: under the field it concerns, or in
            // the alert above the fields, which takes focus (not also in a toast; issue 12 #17).
            throw onPhoneField(error);
          }
        }}
      />
    </Stack>
  );
}

/** /registration/customer/new/{channelId}: a new customer through the channel (spec §5 registration). */
export default function NewCustomerPage() {
  const { t } = useTranslation('registration');
  return (
    <ChannelFrame title={t('new.title')}>{(channel) => <RegisterCustomer channel={channel} />}</ChannelFrame>
  );
}
