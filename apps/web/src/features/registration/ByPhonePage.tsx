import type { Channel, Customer } from '@avlu/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useZodForm } from '../../lib/form';
import { displayPhone } from '../customers/customers.resource';
import { ChannelFrame } from './ChannelFrame';
import { CustomerEntryForm } from './CustomerEntryForm';
import { FoundCustomer, PhoneLookup } from './CustomerLookup';
import type { UpdateFormInput } from './registration.resource';
import { updateForm, useUpdateCustomer } from './registration.resource';

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
