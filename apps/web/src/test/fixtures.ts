import { type Channel, type Customer, SYSTEM_ADMIN_ROLE_NAME } from '@avlu/contracts';
import type { AdminProfile, Role } from '../lib/auth';

export const LOCATIONS = [
  { _id: '64b000000000000000000011', location_name: 'Avlu Park AVM', location_logo: { thumbnail: null } },
  { _id: '64b000000000000000000012', location_name: 'Marmara Avlu', location_logo: { thumbnail: null } },
];

export const adminProfile = (overrides: Partial<AdminProfile> = {}): AdminProfile => ({
  _id: '64b000000000000000000001',
  admin_name: 'Elif',
  admin_surname: 'Yılmaz',
  admin_gender: null,
  admin_phone_number: null,
  admin_birthday: null,
  admin_address: null,
  admin_profile_photo: null,
  admin_email: 'elif.yilmaz@avlu.test',
  admin_role_id: '64b0000000000000000000aa',
  admin_role_name: 'Pazarlama Uzmanı',
  admin_locations: LOCATIONS,
  ...overrides,
});

export const systemAdminRole: Role = {
  _id: '64b0000000000000000000aa',
  role_name: SYSTEM_ADMIN_ROLE_NAME,
  modules: [],
  menu_items: [],
};

/** A role whose menu tree holds exactly these subjects, as flat nodes. */
export const roleWith = (...subjects: string[]): Role => ({
  _id: '64b0000000000000000000bb',
  role_name: 'Pazarlama Uzmanı',
  modules: subjects,
  menu_items: subjects.map((subject) => ({ subject })),
});

/** A customer as the list and detail answers give them; each test overrides what it is about. */
export const customerFixture = (overrides: Partial<Customer> = {}): Customer => ({
  _id: '64c000000000000000000001',
  customer_phone: '+905321234567',
  customer_name: 'Ayşe',
  customer_surname: 'Yıldız',
  customer_email: 'ayse.yildiz@example.com',
  customer_gender: 'female',
  customer_birthdate: '1990-04-12',
  age: 36,
  customer_address: null,
  customer_province: 'İzmir',
  customer_district: 'Konak',
  customer_locality: 'Alsancak',
  customer_number_of_children: 2,
  customer_frequency: 'once_a_month',
  customer_is_developer: false,
  customer_vehicle_plate: '35 ABC 123',
  customer_is_parent: true,
  channel_id: null,
  customer_favorite_region: null,
  customer_favorite_category: null,
  customer_push_token: null,
  customer_sms_permission: true,
  customer_sms_permission_date: '2026-03-01T09:30:00.000Z',
  customer_email_permission: false,
  customer_email_permission_date: null,
  customer_call_permission: false,
  customer_call_permission_date: null,
  customer_kvkk_permission: true,
  customer_kvkk_permission_date: '2026-03-01T09:30:00.000Z',
  customer_deletedAt: null,
  createdAt: '2026-03-01T09:30:00.000Z',
  ...overrides,
});

/** An open desk channel that takes customer data, not receipts; each test overrides what it is about. */
export const channelFixture = (overrides: Partial<Channel> = {}): Channel => ({
  _id: '64b0000000000000000000c1',
  channel_name: 'Danışma Bankosu',
  channel_name_en: 'Information Desk',
  channel_exp: 'Zemin kat danışma',
  channel_exp_en: 'Ground floor desk',
  channel_types: [],
  tags: [],
  event_id: null,
  channel_ui_allowed: false,
  channel_single_participation: false,
  channel_permission_allow: false,
  channel_teacher_form_allowed: false,
  channel_detail_payment_form_allowed: false,
  channel_payment_form_allowed: false,
  channel_cdp_data_entry: true,
  channel_cdp_receipt_entry: false,
  channel_status: true,
  createdAt: '2026-01-10T09:00:00.000Z',
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});
