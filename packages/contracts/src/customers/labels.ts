import type { Language } from '../i18n/languages';
import type { customerFrequencies, customerGenders } from './customer';
import type { CustomerImportColumn } from './import';

/**
 * The words people read for customer fields and values, in each language. The export writes them,
 * the import reads them back (in either language), and the back-office shows the same words (its
 * `customers` catalogue takes them from here), so a header or a value means one thing everywhere.
 */

/** The headers of the import's columns: the export writes these, the import reads them and the keys. */
export const customerColumnLabels: Record<Language, Record<CustomerImportColumn, string>> = {
  tr: {
    customer_phone: 'Telefon',
    customer_name: 'Ad',
    customer_surname: 'Soyad',
    customer_email: 'E-posta',
    customer_gender: 'Cinsiyet',
    customer_birthdate: 'Doğum tarihi',
    customer_province: 'İl',
    customer_district: 'İlçe',
    customer_locality: 'Mahalle',
    customer_address: 'Adres',
    customer_number_of_children: 'Çocuk sayısı',
    customer_frequency: 'Ziyaret sıklığı',
    customer_vehicle_plate: 'Araç plakası',
    customer_is_parent: 'Ebeveyn',
    customer_sms_permission: 'SMS izni',
    customer_email_permission: 'E-posta izni',
    customer_call_permission: 'Arama izni',
    customer_kvkk_permission: 'KVKK onayı',
  },
  en: {
    customer_phone: 'Phone',
    customer_name: 'Name',
    customer_surname: 'Surname',
    customer_email: 'Email',
    customer_gender: 'Gender',
    customer_birthdate: 'Birth date',
    customer_province: 'Province',
    customer_district: 'District',
    customer_locality: 'Neighbourhood',
    customer_address: 'Address',
    customer_number_of_children: 'Number of children',
    customer_frequency: 'Visit frequency',
    customer_vehicle_plate: 'Vehicle plate',
    customer_is_parent: 'Parent',
    customer_sms_permission: 'SMS permission',
    customer_email_permission: 'Email permission',
    customer_call_permission: 'Call permission',
    customer_kvkk_permission: 'KVKK consent',
  },
};

/** Headers earlier templates wrote, still read by the import. */
export const customerColumnAliases: Partial<Record<CustomerImportColumn, readonly string[]>> = {
  customer_locality: ['Locality'],
  customer_number_of_children: ['Children'],
};

export type CustomerExportOnlyField = 'channel_id' | 'age' | 'customer_is_developer' | 'createdAt';
/** Columns the customer export adds after the import's (derived, or set by staff only): the import skips them. */
export const customerExportOnlyLabels: Record<Language, Record<CustomerExportOnlyField, string>> = {
  tr: {
    channel_id: 'Kayıt kanalı',
    age: 'Yaş',
    customer_is_developer: 'Geliştirici hesabı',
    createdAt: 'Kayıt tarihi',
  },
  en: {
    channel_id: 'Registration channel',
    age: 'Age',
    customer_is_developer: 'Developer account',
    createdAt: 'Registered on',
  },
};
/** Read-only headers of earlier exports, skipped too. */
export const customerExportOnlyAliases: readonly string[] = [
  '_id',
  'Geliştirici',
  'Developer',
  'Registered at',
];

export const customerGenderLabels: Record<Language, Record<(typeof customerGenders)[number], string>> = {
  tr: { male: 'Erkek', female: 'Kadın', unknown: 'Belirtilmemiş' },
  en: { male: 'Male', female: 'Female', unknown: 'Not stated' },
};

export const customerFrequencyLabels: Record<
  Language,
  Record<(typeof customerFrequencies)[number], string>
> = {
  tr: {
    first_visit: 'İlk ziyaret',
    several_per_year: 'Yılda birkaç kez',
    once_a_month: 'Ayda bir',
    once_a_week: 'Haftada bir',
  },
  en: {
    first_visit: 'First visit',
    several_per_year: 'Several times a year',
    once_a_month: 'Once a month',
    once_a_week: 'Once a week',
  },
};
