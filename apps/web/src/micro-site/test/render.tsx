import type { MicroSiteCustomer, SmsChallenge } from '@avlu/contracts';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach } from 'vitest';
import { json, type TestServer } from '../../lib/api/test-server';
import { customerSessionKeys } from '../lib/contract';
import { setLanguage } from '../lib/i18n';
import { MicroSiteRoot } from '../MicroSiteRoot';

export const TOKEN = 'kordon-token-123';
export const BASE = `/micro-site/${TOKEN}`;
export const CUSTOMER_ID = '65a1b2c3d4e5f60718293a4b';
export const MOBILE_TOKEN = 'mobile-token-abc';

// Runs before the shared setup's hook, which clears localStorage after it.
afterEach(async () => {
  sessionStorage.clear();
  await setLanguage('tr');
});

export const customer = (overrides: Partial<MicroSiteCustomer> = {}): MicroSiteCustomer => ({
  _id: CUSTOMER_ID,
  customer_phone: '+905321234567',
  customer_name: 'Ayşe',
  customer_surname: 'Yılmaz',
  customer_email: 'ayse@example.com',
  customer_gender: 'female',
  customer_birthdate: '1990-05-17',
  customer_address: null,
  customer_province: 'İzmir',
  customer_district: 'Konak',
  customer_locality: null,
  customer_vehicle_plate: '35ABC123',
  customer_sms_permission: true,
  customer_email_permission: true,
  customer_call_permission: true,
  customer_kvkk_permission: true,
  customer_deletedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** What check and sms-resend answer, alike for customers and strangers. */
export const challenge = (resendInSeconds = 180): SmsChallenge => ({
  customer_phone: '+905321234567',
  resend_at: new Date(Date.now() + resendInSeconds * 1000).toISOString(),
  expires_at: new Date(Date.now() + 300_000).toISOString(),
});

/** The calls every page makes: the mall for the header, the KVKK text, and no address lookups. */
export const serveMall = (server: TestServer) =>
  server
    .on('GET', '/ext/location', () =>
      json({
        _id: '6b01bfcdd1bbe8773a6cbae0',
        location_name: 'Kordonboyu Yaşam AVM',
        location_logo: { thumbnail: null },
        hasMobileApp: false,
        location_meta: { timezone: 'Europe/Istanbul' },
      }),
    )
    .on('POST', '/ext/app/agreements', () =>
      json([
        {
          _id: '6b01bfcdd1bbe8773a6cbae1',
          agreement_title: 'KVKK Aydınlatma Metni',
          agreement_text: 'Kişisel verileriniz 6698 sayılı Kanun uyarınca işlenir.',
          agreement_target: 'mobileapp',
          agreement_type: 'kvkk',
          agreement_text_pdf_tr: null,
          agreement_text_pdf_en: null,
          agreement_in_use: true,
          agreement_version: 'kvkk-2026-1',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ]),
    )
    .on('GET', '/ext/geo/cities', () =>
      json({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'no' }, 404),
    );

/** Starts with a stored customer session whose profile the server answers. */
export const signedIn = (server: TestServer, profile: MicroSiteCustomer = customer()) => {
  const keys = customerSessionKeys(TOKEN);
  localStorage.setItem(keys.token, MOBILE_TOKEN);
  localStorage.setItem(keys.id, profile._id);
  server.on('GET', '/ext/app/customers/profile', () => json(profile));
  return profile;
};

/**
 * The micro-site as a phone opens it at `path` (under /micro-site/{TOKEN}), in StrictMode as main.tsx
 * renders it: React then renders and mounts twice, so a side effect in a render shows up here.
 */
export const renderMicroSite = (path = '') => {
  window.history.replaceState(null, '', `${BASE}${path}`);
  const user = userEvent.setup();
  return {
    ...render(
      <StrictMode>
        <MicroSiteRoot />
      </StrictMode>,
    ),
    user,
  };
};

export const currentPath = () => window.location.pathname.slice(BASE.length) || '/';
