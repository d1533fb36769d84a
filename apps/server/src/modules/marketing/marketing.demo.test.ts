import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper';
import { seedDemoCustomers } from '../customers/customers.demo';
import { seedDemoMarketing } from './marketing.demo';

const ctx = useTestApp();

describe('marketing demo', () => {
  it('gives a mall notifications of every kind in several states, pages, events and promotions, served by the API', async () => {
    const mall = await ctx.newLocation();
    await seedDemoCustomers(ctx.database.db, mall._id, 3, [], 200);
    await seedDemoMarketing(ctx.database.db, ctx.app.files, mall._id);
    const get = async (path: string) => {
      const response = await ctx.inject({
        method: 'GET',
        url: `/api${path}${path.includes('?') ? '&' : '?'}locationId=${mall._id}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const states = async (kind: string) =>
      new Set(
        (await get(`/marketing/${kind}-notifications?limit=50`)).data.map(
          (row: Record<string, string>) => row[`${kind}_notification_state`],
        ),
      );
    expect(await states('sms')).toEqual(
      new Set(['created', 'scheduled', 'waiting_for_approval', 'sent', 'error']),
    );
    expect(await states('push')).toEqual(new Set(['created', 'scheduled', 'sent']));
    expect(await states('email')).toEqual(new Set(['created', 'scheduled', 'sent']));
    const sms = (await get('/marketing/sms-notifications?limit=50')).data as {
      sms_notification_state: string;
      sms_notification_potential: number;
    }[];
    // The unfiltered SMS counts the consenting customers now; the sent one its recipients.
    expect(
      sms.find((row) => row.sms_notification_state === 'scheduled')!.sms_notification_potential,
    ).toBeGreaterThan(0);
    expect(
      sms.find((row) => row.sms_notification_state === 'sent')!.sms_notification_potential,
    ).toBeGreaterThan(0);
    expect(await get('/marketing/mobile-pages?showAll=true')).toHaveLength(4);
    expect(await get('/data/events?showAll=true')).toHaveLength(3);
    expect(await get('/data/promotions?showAll=true&current=true')).toHaveLength(3);
    const newsletter = (await get('/marketing/email-notifications?email_notification_state=scheduled'))
      .data[0];
    expect(newsletter).toMatchObject({ email_notification_content_type: 'NEWSLETTER' });
    expect(newsletter.newsletter_content_events).toHaveLength(3);
    expect((await get('/marketing/settings')).marketing_iys_brand_code).toMatch(/^7\d{5}$/);
  });
});
