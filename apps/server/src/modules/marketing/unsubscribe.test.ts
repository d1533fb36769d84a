import { unsubscribeResult } from '@avlu/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { customerConsentEvents, customers } from '../customers/customers.tables';
import { unsubscribeSigner } from './dispatch.content';
import { notificationMessages } from './marketing.tables';
import { emailOptOuts, externalMailAddresses, externalMailLists } from './marketing-directory.tables';

const ctx = useTestApp();

let phones = 0;
const newCustomer = async (locationId: string, values: Partial<typeof customers.$inferInsert> = {}) => {
  const [row] = await ctx.database.db
    .insert(customers)
    .values({ location_id: locationId, customer_phone: `+90536${String(2_000_000 + ++phones)}`, ...values })
    .returning({ _id: customers._id });
  return row!._id;
};

const emailNotification = async (locationId: string, externalList?: string) => {
  const response = await ctx.inject({
    method: 'POST',
    url: `/api/marketing/email-notifications?locationId=${locationId}`,
    payload: {
      email_notification_subject: 'Yaz indirimleri',
      email_notification_preview_text: 'Yaz indirimleri başladı',
      email_notification_content_type: 'HTML',
      html_content: '<p>Merhaba</p>',
      email_notification_filters: '',
      ...(externalList && { external_mail_list: externalList }),
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json()._id as string;
};

const message = async (values: Omit<typeof notificationMessages.$inferInsert, 'message_is_commercial'>) => {
  const [row] = await ctx.database.db
    .insert(notificationMessages)
    .values({ message_is_commercial: true, ...values })
    .returning({ _id: notificationMessages._id });
  return row!._id;
};

const linkOf = async (messageId: string) => {
  const url = (await unsubscribeSigner(ctx.database.db, ctx.config)).url(messageId);
  return new URL(url).pathname;
};

const json = { accept: 'application/json', 'accept-language': 'tr' };

describe('unsubscribe links', () => {
  it('shows the page on GET without changing anything, and POST revokes the customer’s email consent once, in the consent history', async () => {
    const mall = await ctx.newLocation({ location_name: 'Deniz AVM' });
    const customerId = await newCustomer(mall._id, {
      customer_email: 'ayse@example.com',
      customer_email_permission: true,
      customer_email_permission_date: new Date(),
    });
    const notificationId = await emailNotification(mall._id);
    const path = await linkOf(
      await message({ location_id: mall._id, notification_id: notificationId, customer_id: customerId }),
    );
    expect(path).toMatch(/^\/api\/ext\/marketing\/unsubscribe\/[0-9a-f]{24}\.[A-Za-z0-9_-]{32}$/);

    const html = await ctx.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'tr' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('Abonelikten çık');
    expect(html.body).toContain('a***@example.com');
    const state = await ctx.app.inject({ method: 'GET', url: path, headers: json });
    expect(unsubscribeResult.strict().parse(state.json())).toEqual({
      unsubscribed: false,
      location_name: 'Deniz AVM',
      email: 'a***@example.com',
    });

    // The mail program's one-click POST (RFC 8058), twice.
    for (let time = 0; time < 2; time++) {
      const oneClick = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode, oneClick.body).toBe(200);
    }
    const [customer] = await ctx.database.db
      .select({
        permission: customers.customer_email_permission,
        date: customers.customer_email_permission_date,
      })
      .from(customers)
      .where(eq(customers._id, customerId));
    expect(customer).toEqual({ permission: false, date: null });
    const history = await ctx.database.db
      .select()
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, customerId));
    expect(history).toMatchObject([{ channel: 'email', granted: false, source: 'unsubscribe link' }]);
    const after = await ctx.app.inject({ method: 'GET', url: path, headers: json });
    expect(after.json()).toMatchObject({ unsubscribed: true });
    // The profile's history answers the new source.
    const profile = await ctx.inject({
      method: 'GET',
      url: `/api/customer/profile/${customerId}?locationId=${mall._id}`,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().consent_history).toMatchObject([{ source: 'unsubscribe link', value: false }]);
  });

  it('opts an external list’s address out once, and the list’s next potential leaves it out', async () => {
    const mall = await ctx.newLocation();
    const [list] = await ctx.database.db
      .insert(externalMailLists)
      .values({ location_id: mall._id, list_name: 'Basın', list_name_key: 'basın', list_address_count: 2 })
      .returning({ _id: externalMailLists._id });
    const addresses = await ctx.database.db
      .insert(externalMailAddresses)
      .values(
        ['mehmet@example.com', 'zeynep@example.com'].map((address_email) => ({
          location_id: mall._id,
          external_mail_list_id: list!._id,
          address_email,
        })),
      )
      .returning({ _id: externalMailAddresses._id, email: externalMailAddresses.address_email });
    const notificationId = await emailNotification(mall._id, list!._id);
    const mehmet = addresses.find((row) => row.email === 'mehmet@example.com')!;
    const path = await linkOf(
      await message({
        location_id: mall._id,
        notification_id: notificationId,
        external_address_id: mehmet._id,
      }),
    );
    for (let time = 0; time < 2; time++) {
      const response = await ctx.app.inject({ method: 'POST', url: path, headers: json });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ unsubscribed: true, email: 'm***@example.com' });
    }
    const rows = await ctx.database.db
      .select()
      .from(emailOptOuts)
      .where(eq(emailOptOuts.location_id, mall._id));
    expect(rows).toMatchObject([
      {
        opt_out_email: 'mehmet@example.com',
        opt_out_source: 'unsubscribe link',
        opt_out_notification_id: notificationId,
      },
    ]);
    const mail = await ctx.inject({
      method: 'GET',
      url: `/api/marketing/email-notifications/${notificationId}?locationId=${mall._id}`,
    });
    expect(mail.json().email_notification_potential).toBe(1);
  });

  it('answers 404 to a forged or unknown token, and the test sends’ link changes nothing', async () => {
    const mall = await ctx.newLocation();
    const notificationId = await emailNotification(mall._id);
    const customerId = await newCustomer(mall._id, {
      customer_email: 'b@example.com',
      customer_email_permission: true,
    });
    const path = await linkOf(
      await message({ location_id: mall._id, notification_id: notificationId, customer_id: customerId }),
    );
    const forged = `${path.slice(0, -3)}AAA`;
    for (const url of [
      forged,
      '/api/ext/marketing/unsubscribe/abc',
      `/api/ext/marketing/unsubscribe/${'0'.repeat(24)}.${'A'.repeat(32)}`,
    ])
      expect((await ctx.app.inject({ method: 'POST', url, headers: json })).statusCode).toBe(404);
    const test = await ctx.app.inject({ method: 'POST', url: '/api/ext/marketing/unsubscribe/test' });
    expect(test.statusCode).toBe(200);
    expect(test.body).toContain('deneme');
    const [customer] = await ctx.database.db
      .select({ permission: customers.customer_email_permission })
      .from(customers)
      .where(eq(customers._id, customerId));
    expect(customer!.permission).toBe(true);
  });
});
