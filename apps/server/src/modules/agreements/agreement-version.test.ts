import type { Location } from '@avlu/contracts';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testConfig, useTestApp } from '../../../test/helper';
import { channelNameKeys } from '../channels/channels.service';
import { channels } from '../channels/channels.tables';
import { customerConsentEvents } from '../customers/customers.tables';
import { microSiteFixtures, type TestMall } from '../micro-site/micro-site.fixtures';
import { KVKK_VERSION } from './agreements.service';
import { agreements } from './agreements.tables';

// Issue 10, point 17: the consent history records only a version of one of the mall's texts in use.
const ctx = useTestApp({ config: { sms: { ...testConfig().sms, codesPerAddressPerHour: 1000 } } });
const { nextPhone, newMall, call, lastCode } = microSiteFixtures(ctx);

let mall: TestMall;
let otherMall: TestMall;

const newAgreement = (
  location: Location,
  version: string,
  {
    inUse = true,
    type = 'kvkk' as 'kvkk' | 'etk_permissions',
    target = 'mobileapp' as 'mobileapp' | 'web',
  } = {},
) =>
  ctx.database.db.insert(agreements).values({
    location_id: location._id,
    agreement_type: type,
    agreement_target: target,
    agreement_in_use: inUse,
    agreement_version: version,
    agreement_title: 'KVKK',
    agreement_text: '…',
  });

beforeAll(async () => {
  mall = await newMall();
  otherMall = await newMall();
  await newAgreement(mall, '2025-01', { inUse: false });
  await newAgreement(mall, 'etk-2026-05', { type: 'etk_permissions' });
  // Beside the other mall's own KVKK notice in use: one text of a type and target is in use at a time.
  await newAgreement(otherMall, 'baska-avm-2026', { target: 'web' });
});

const versionsOf = async (customerId: string) =>
  (
    await ctx.database.db
      .select({ version: customerConsentEvents.agreement_version })
      .from(customerConsentEvents)
      .where(eq(customerConsentEvents.customer_id, customerId))
      .orderBy(asc(customerConsentEvents.at))
  ).map((row) => row.version);

const registerOnMicroSite = async (agreement_version: string | undefined) => {
  const phone = nextPhone();
  expect((await call('POST', '/ext/customers/check', { customer_phone: phone }, { mall })).statusCode).toBe(
    200,
  );
  const response = await call(
    'POST',
    '/ext/customers/register',
    {
      customer_phone: phone,
      sms_code: await lastCode(phone),
      customer_name: 'Elif',
      customer_surname: 'Şahin',
      customer_birthdate: '1994-08-21',
      customer_gender: 'female',
      customer_accepts_kvkk: true,
      customer_allows_sms: true,
      ...(agreement_version !== undefined && { agreement_version }),
    },
    { mall },
  );
  expect(response.statusCode, response.body).toBe(201);
  return versionsOf(response.json().customer._id);
};

describe('the agreement version of a micro-site registration', () => {
  it('is the one sent when it is a text of the mall in use', async () => {
    expect(await registerOnMicroSite('etk-2026-05')).toEqual(['etk-2026-05', 'etk-2026-05']);
    expect(await registerOnMicroSite(KVKK_VERSION)).toEqual([KVKK_VERSION, KVKK_VERSION]);
  });

  it('is the mall’s KVKK notice in use for an unknown, withdrawn or another mall’s version, or none', async () => {
    for (const version of ['1999-01', '2025-01', 'baska-avm-2026', undefined])
      expect(await registerOnMicroSite(version), String(version)).toEqual([KVKK_VERSION, KVKK_VERSION]);
  });
});

describe('the agreement version of a desk registration', () => {
  it('is the mall’s KVKK notice in use unless the desk names a text of the mall in use', async () => {
    const REGISTRATION = 'modules:customer-registration:customer-registration';
    const desk = await ctx.newStaff({ subjects: [REGISTRATION], locations: [mall] });
    const [channel] = await ctx.database.db
      .insert(channels)
      .values({
        location_id: mall._id,
        channel_name: 'Danışma',
        channel_name_en: 'Information desk',
        ...channelNameKeys({ channel_name: 'Danışma', channel_name_en: 'Information desk' }),
        channel_exp: 'Danışma',
        channel_exp_en: 'Desk',
        channel_status: true,
        channel_cdp_data_entry: true,
      })
      .returning();
    const deskRegister = async (agreement_version: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/customer-entry/register?locationId=${mall._id}`,
        headers: desk.headers,
        payload: {
          customer_phone: nextPhone(),
          customer_name: 'Elif',
          customer_surname: 'Şahin',
          customer_birthdate: '1994-08-21',
          channel_id: channel!._id,
          customer_accepts_kvkk: true,
          agreement_version,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
      return versionsOf(response.json()._id);
    };
    expect(await deskRegister('etk-2026-05')).toEqual(['etk-2026-05']);
    expect(await deskRegister('1999-01')).toEqual([KVKK_VERSION]);
    expect(await deskRegister('baska-avm-2026')).toEqual([KVKK_VERSION]);
  });
});
