import type { Location } from '@avlu/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customers } from '../customers/customers.tables';
import { customerPushTokens } from './marketing-accounts.tables';

const ctx = useTestApp();

const reach = (mall: Pick<Location, '_id'>, kind: string, payload: object, lang = 'en') =>
  ctx.inject({
    method: 'POST',
    url: `/api/marketing/${kind}-notifications/potential?locationId=${mall._id}`,
    headers: { 'accept-language': lang },
    payload,
  });

const potentialOf = async (mall: Pick<Location, '_id'>, kind: string, payload: object) => {
  const response = await reach(mall, kind, payload);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { potential: number }).potential;
};

let phones = 0;
const addCustomers = async (mall: Pick<Location, '_id'>, rows: Partial<typeof customers.$inferInsert>[]) =>
  (
    await ctx.database.db
      .insert(customers)
      .values(
        rows.map((row) => ({
          location_id: mall._id,
          customer_phone: `+90536${String(1_000_000 + ++phones)}`,
          ...row,
        })),
      )
      .returning({ _id: customers._id })
  ).map((row) => row._id);

/**
 * The editor's live reach (POST /marketing/{kind}-notifications/potential) is the saved potential's
 * count: an email reaches only customers with an address, a push only customers with a device token,
 * whatever consent they gave; the segment, the ids and the purpose narrow it as the saved one's do.
 */
describe('live reach of a notification being written', () => {
  it('counts an email’s reach among customers with an address and a push’s among those with a device', async () => {
    const mall = await ctx.newLocation();
    const other = await ctx.newLocation();
    const [withEmail, consentNoAddress, addressNoConsent, withDevice, deleted] = await addCustomers(mall, [
      {
        customer_gender: 'female',
        customer_sms_permission: true,
        customer_email_permission: true,
        customer_email: 'a@example.com',
      },
      // Email consent, but nowhere to send it.
      { customer_gender: 'female', customer_sms_permission: true, customer_email_permission: true },
      { customer_gender: 'male', customer_email: 'c@example.com' },
      { customer_gender: 'male', customer_sms_permission: true },
      {
        customer_gender: 'female',
        customer_email_permission: true,
        customer_email: 'd@example.com',
        customer_deletedAt: new Date(),
      },
    ]);
    const [otherMalls] = await addCustomers(other, [
      { customer_email_permission: true, customer_email: 'o@example.com', customer_sms_permission: true },
    ]);
    await ctx.database.db.insert(customerPushTokens).values([
      { location_id: mall._id, customer_id: withDevice!, push_token: 'token-device' },
      { location_id: mall._id, customer_id: deleted!, push_token: 'token-deleted' },
      { location_id: other._id, customer_id: otherMalls!, push_token: 'token-other' },
    ]);

    // The customers' count (what the editor used to show) says two have email consent: the email reaches one.
    const consenting = await ctx.inject({
      method: 'POST',
      url: `/api/customer/count?locationId=${mall._id}`,
      payload: { filter: [{ field: 'consent', type: 'email', value: true }] },
    });
    expect(consenting.json().count).toBe(2);
    expect(await potentialOf(mall, 'email', {})).toBe(1);
    // Informational: every customer with an address, consent or not.
    expect(await potentialOf(mall, 'email', { is_commercial: false })).toBe(2);
    // Push: only the customer with a registered device, commercial or not.
    expect(await potentialOf(mall, 'push', {})).toBe(1);
    expect(await potentialOf(mall, 'push', { filters: [{ field: 'gender', in: ['female'] }] })).toBe(0);
    // SMS: every live customer has a phone; commercial needs the SMS consent.
    expect(await potentialOf(mall, 'sms', {})).toBe(3);
    expect(await potentialOf(mall, 'sms', { is_commercial: false })).toBe(4);
    expect(await potentialOf(mall, 'sms', { filters: '' })).toBe(3);

    // The segment and the explicit customers narrow it; another mall's customers never count.
    expect(await potentialOf(mall, 'sms', { filters: [{ field: 'gender', in: ['female'] }] })).toBe(2);
    expect(
      await potentialOf(mall, 'email', { customer_ids: [withEmail, consentNoAddress, addressNoConsent] }),
    ).toBe(1);
    expect(await potentialOf(mall, 'sms', { customer_ids: [withDevice, otherMalls] })).toBe(1);
    expect(await potentialOf(other, 'push', {})).toBe(1);

    // The same number the saved notification carries.
    const saved = await ctx.inject({
      method: 'POST',
      url: `/api/marketing/email-notifications?locationId=${mall._id}`,
      payload: {
        email_notification_subject: 'Yaz indirimleri',
        email_notification_preview_text: 'Yaz indirimleri başladı',
        email_notification_content_type: 'HTML',
        html_content: '<p>Merhaba</p>',
        email_notification_filters: '',
      },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().email_notification_potential).toBe(1);
  });

  it('refuses a bad segment naming the field, and a role without the kind’s permission', async () => {
    const mall = await ctx.newLocation();
    const bad = await reach(mall, 'sms', { filters: [{ field: 'gender', in: [] }] }, 'tr');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('filters');
    const unknown = await reach(mall, 'email', { customer_ids: ['nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('customer_ids');

    const clerk = await ctx.newStaff({
      locations: [mall._id],
      subjects: ['modules:customers:customer-list'],
    });
    const refused = await ctx.inject({
      method: 'POST',
      url: `/api/marketing/sms-notifications/potential?locationId=${mall._id}`,
      headers: clerk.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
  });
});
