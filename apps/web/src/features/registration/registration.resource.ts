import {
  type Agreement,
  agreement,
  type Channel,
  type CustomerEntryCheck,
  type CustomerEntryRegisterBody,
  type CustomerEntryUpdateBody,
  channel,
  customerEntryCheck,
  customerEntryRegisterBody,
  customerEntryUpdateBody,
  customerFrequency,
  objectId,
} from '@avlu/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../lib/api';
import { defineResource } from '../../lib/resource';

/** Staff-assisted registration by channel (spec §7 /customer-entry). */
const entry = defineResource({ name: 'customer-entry', path: '/customer-entry' });

/** The customer lists and profiles another page may have read; a registration changes them. */
const customerKeys = () => [['customers']];

const saved = z.object({ _id: objectId });

/** POST /customer-entry/check: is this phone a customer of the mall (looked up through the channel)? */
export const useCheckPhone = () =>
  entry.useAction(
    (body: { customer_phone: string; channel_id: string }): Promise<CustomerEntryCheck> =>
      api.post('/customer-entry/check', body, { schema: customerEntryCheck }),
    { invalidates: () => [], error: false },
  );

const registered = saved.extend({ reactivated: z.boolean() });

/** POST /customer-entry/register: a new customer through an open channel, or a deleted one back. */
export const useRegisterCustomer = () =>
  entry.useAction(
    (body: CustomerEntryRegisterBody) => api.post('/customer-entry/register', body, { schema: registered }),
    {
      invalidates: customerKeys,
      success: (answer) => (answer.reactivated ? 'registration:reactivated' : 'registration:registered'),
      error: false,
    },
  );

/** POST /customer-entry/update/{id}: the desk corrects a registered customer's profile and consents. */
export const useUpdateCustomer = () =>
  entry.useAction(
    ({ id, body }: { id: string; body: CustomerEntryUpdateBody }) =>
      api.post(`/customer-entry/update/${id}`, body, { schema: saved }),
    { invalidates: customerKeys, success: 'registration:updated', error: false },
  );

/** GET /customer-entry/channels: the channels open for registration, readable with the desk's permission. */
export const useEntryChannels = () =>
  useQuery<Channel[]>({
    queryKey: ['customer-entry', 'channels'],
    queryFn: ({ signal }) => api.get('/customer-entry/channels', { schema: z.array(channel), signal }),
  });

/** GET /customer-entry/kvkk: the mall's KVKK notice in use, which the desk reads to the customer. */
export const useEntryKvkk = () =>
  useQuery<Agreement>({
    queryKey: ['customer-entry', 'kvkk'],
    queryFn: ({ signal }) => api.get('/customer-entry/kvkk', { schema: agreement, signal }),
  });

/** GET /customer/channel/{id}: the channel a registration page works through, for its header. */
export const useEntryChannel = (channelId: string | undefined) =>
  useQuery<Channel>({
    queryKey: ['customer-entry', 'channel', channelId],
    queryFn: ({ signal }) =>
      api.get(`/customer/channel/${channelId}`, { schema: channel, signal, dedupe: false }),
    enabled: Boolean(channelId),
  });

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const optionalChoice = { '': null, true: true, false: false } as Record<string, boolean | null>;

/**
 * What the registration form holds besides the contracts body: blank optional fields mean "none",
 * a yes/no/unsaid choice is text in its select. The bodies' own rules do the rest.
 */
const formFields = {
  customer_email: z.preprocess(blankToNull, customerEntryRegisterBody.shape.customer_email),
  customer_vehicle_plate: z.preprocess(blankToNull, customerEntryRegisterBody.shape.customer_vehicle_plate),
  customer_address: z.preprocess(blankToNull, customerEntryRegisterBody.shape.customer_address),
  customer_frequency: z.preprocess(blankToNull, customerFrequency.nullable().optional()),
  customer_is_parent: z.preprocess(
    (value) => (typeof value === 'string' ? optionalChoice[value] : value),
    customerEntryRegisterBody.shape.customer_is_parent,
  ),
};

export const registerForm = customerEntryRegisterBody.extend({
  ...formFields,
  // The box starts unticked; the body's rule (only `true`) still decides, with its own message.
  customer_accepts_kvkk: z.boolean().pipe(customerEntryRegisterBody.shape.customer_accepts_kvkk),
});
export const updateForm = customerEntryUpdateBody.extend(formFields);
export type RegisterFormInput = z.input<typeof registerForm>;
export type UpdateFormInput = z.input<typeof updateForm>;

/**
 * The phone typed at the desk, handed from the look-up to the new-customer form, and whether it
 * belongs to a deleted account that registering brings back.
 */
export type CarriedPhone = { phone?: string; reactivates?: boolean };
