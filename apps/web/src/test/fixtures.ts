import { SYSTEM_ADMIN_ROLE_NAME } from '@avlu/contracts';
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
