import { z } from 'zod';
import { objectId } from '../common/ids';
import { singleLineText } from '../common/text';
import { customer, customerGender, customerInput } from './customer';
import { customerPhone } from './phone';

/**
 * Staff-assisted registration by channel (spec §7 /customer-entry): the information desk looks a
 * phone up in a channel, then registers a new customer or updates the one found. Consents given at
 * the desk are recorded in the consent history with source `registration`, the staff user and the
 * agreement text version the customer was shown.
 */
export const customerEntryCheckBody = z.strictObject({
  customer_phone: customerPhone,
  channel_id: objectId,
});
export const customerEntryCheck = z.object({
  /** False when the phone is new to the mall: the desk goes on with the new-customer form. */
  registered: z.boolean(),
  /**
   * A deleted account of this phone whose data is not erased yet: registering brings it back with
   * the new data, which the desk should know before it does.
   */
  reactivates: z.boolean(),
  customer: customer.nullable(),
});
export type CustomerEntryCheck = z.infer<typeof customerEntryCheck>;

/** Version of the KVKK / ETK text shown to the customer, kept with each consent change it brings. */
const agreementVersion = singleLineText().min(1).max(64).nullable().optional();

/**
 * POST /customer-entry/register: a new customer through an open channel; KVKK must be accepted. The
 * consents are named as the micro-site's registration payload names them; left out means not given.
 * A phone of a deleted customer whose data is not erased yet brings that customer back with this data.
 */
export const customerEntryRegisterBody = customerInput.extend({
  channel_id: objectId,
  customer_accepts_kvkk: z.literal(true, { message: 'validation.kvkkRequired' }),
  customer_allows_sms: z.boolean().default(false),
  customer_allows_email: z.boolean().default(false),
  customer_allows_call: z.boolean().default(false),
  agreement_version: agreementVersion,
});
export type CustomerEntryRegisterBody = z.input<typeof customerEntryRegisterBody>;

/** The answer of POST /customer-entry/register: the customer, and whether a deleted account came back. */
export const customerEntryRegistered = customer.extend({ reactivated: z.boolean() });
export type CustomerEntryRegistered = z.infer<typeof customerEntryRegistered>;

/**
 * POST /customer-entry/update/{id}: the desk corrects the profile and the consents of a customer,
 * through an open channel (the customer keeps the channel they registered by). Optional fields left
 * out stay as they are, null clears them; a consent left out stays as it is.
 */
export const customerEntryUpdateBody = customerInput.omit({ customer_phone: true }).extend({
  channel_id: objectId,
  customer_gender: customerGender.optional(),
  customer_accepts_kvkk: z.boolean().optional(),
  customer_allows_sms: z.boolean().optional(),
  customer_allows_email: z.boolean().optional(),
  customer_allows_call: z.boolean().optional(),
  agreement_version: agreementVersion,
});
export type CustomerEntryUpdateBody = z.input<typeof customerEntryUpdateBody>;
