import type { ErrorCode } from '../common/errors';
import type { Language } from './languages';

type Catalogue = {
  errors: Record<ErrorCode, string>;
  validation: Record<string, string>;
};

/**
 * Texts the server and the web app share: error messages by code, and validation messages by
 * issue. The web loads them into i18next (namespaces `errors` and `validation`), the server answers
 * with them, so a rule fails with the same words on both sides.
 */
export const messages: Record<Language, Catalogue> = {
  tr: {
    errors: {
      VALIDATION_FAILED: 'Gönderilen bilgiler geçersiz: {{fields}}',
      INVALID_JSON: 'İstek gövdesi geçerli bir JSON değil',
      UNSUPPORTED_MEDIA_TYPE: 'Desteklenmeyen içerik türü: {{type}}',
      PAYLOAD_TOO_LARGE: 'İstek çok büyük',
      BAD_REQUEST: 'Geçersiz istek',
      UNAUTHORIZED: 'Bu işlem için oturum açmanız gerekiyor',
      FORBIDDEN: 'Bu işlem için yetkiniz yok',
      NOT_FOUND: 'Kayıt bulunamadı',
      ROUTE_NOT_FOUND: 'İstenen adres bulunamadı: {{method}} {{url}}',
      LOCATION_NOT_FOUND: 'AVM bulunamadı',
      METHOD_NOT_ALLOWED: 'Bu adres {{method}} isteğini desteklemiyor',
      CONFLICT: 'Bu kayıt zaten var',
      TOO_MANY_REQUESTS: 'Çok fazla istek gönderildi; lütfen biraz sonra tekrar deneyin',
      SERVICE_UNAVAILABLE: 'Hizmet şu anda kullanılamıyor; lütfen biraz sonra tekrar deneyin',
      INTERNAL_ERROR: 'Beklenmeyen bir hata oluştu',
      INVALID_CREDENTIALS: 'E-posta adresi ya da şifre hatalı',
      TOO_MANY_LOGIN_ATTEMPTS:
        'Çok fazla başarısız giriş denemesi yapıldı; lütfen {{minutes}} dakika sonra tekrar deneyin',
      WRONG_PASSWORD: 'Mevcut şifreniz hatalı',
      EMAIL_TAKEN: 'Bu e-posta adresiyle kayıtlı bir kullanıcı zaten var',
      INVITATION_ALREADY_SENT: 'Bu e-posta adresine zaten davet gönderildi',
      INVITATION_INVALID: 'Davet bağlantısı geçersiz ya da süresi dolmuş',
      INVITE_NOT_SENT: 'Davet gönderilemedi; lütfen daha sonra tekrar deneyin',
      RESET_LINK_INVALID: 'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş',
      ROLE_IN_USE: 'Bu rol kullanıcılara atanmış; önce onların rolünü değiştirin',
      SYSTEM_ADMIN_ROLE_LOCKED: 'Platform yöneticisi rolü değiştirilemez ve silinemez',
      CANNOT_DELETE_SELF: 'Kendi hesabınızı silemezsiniz',
      CUSTOMER_NOT_FOUND: 'Bu telefon numarasıyla kayıtlı müşteri bulunamadı',
      CUSTOMER_EXISTS: 'Bu telefon numarasıyla kayıtlı bir müşteri zaten var',
      CHANNEL_CLOSED: 'Bu kanal kapalı ya da müşteri kaydına açık değil',
      IMPORT_FILE_INVALID:
        'Dosya içe aktarılamadı; ilk satırı sütun başlıkları olan bir xlsx dosyası yükleyin',
    },
    validation: {
      required: 'Bu alan zorunludur',
      invalid: 'Geçersiz değer',
      unknownField: 'Bilinmeyen alan',
      objectId: 'Geçerli bir kimlik olmalıdır (24 onaltılık karakter)',
      timezone: 'Geçerli bir saat dilimi olmalıdır (ör. Europe/Istanbul)',
      passwordSpaces: 'Şifre boşluk içeremez',
      passwordsMatch: 'Şifreler eşleşmiyor',
      currentPasswordWrong: 'Mevcut şifreniz hatalı',
      permissionSubject: 'Yalnızca izin ağacındaki modüller seçilebilir',
      roleNameReserved: 'Bu ad platform yöneticisi rolüne ayrılmıştır',
      roleNotGrantable: 'Kendi yetkilerinizden fazlasını veren bir rol atayamazsınız',
      subjectNotGrantable: 'Yalnızca kendi yetkilerinizdeki modülleri verebilirsiniz',
      locationNotGrantable: 'Yalnızca çalıştığınız AVM’leri verebilirsiniz',
      roleNotFound: 'Rol bulunamadı',
      kvkkRequired: 'Kayıt için KVKK aydınlatma metninin onaylanması gerekir',
      locationNotFound: 'AVM bulunamadı',
      channelTypeNotFound: 'Bu AVM’de böyle bir kanal etiketi yok',
      phone: 'Geçerli bir telefon numarası girin',
      vehiclePlate: 'Geçerli bir araç plakası girin',
      'type.string': 'Metin olmalıdır',
      'type.number': 'Sayı olmalıdır',
      'type.int': 'Tam sayı olmalıdır',
      'type.boolean': 'Doğru ya da yanlış olmalıdır',
      'type.array': 'Liste olmalıdır',
      'type.object': 'Nesne olmalıdır',
      'type.date': 'Geçerli bir tarih olmalıdır',
      'type.other': 'Türü geçersiz',
      'tooSmall.string': 'En az {{minimum}} karakter olmalıdır',
      'tooSmall.number': 'En az {{minimum}} olmalıdır',
      'tooSmall.numberExclusive': '{{minimum}} değerinden büyük olmalıdır',
      'tooSmall.array': 'En az {{minimum}} öğe içermelidir',
      'tooSmall.date': 'Daha ileri bir tarih olmalıdır',
      'tooBig.string': 'En fazla {{maximum}} karakter olabilir',
      'tooBig.number': 'En fazla {{maximum}} olabilir',
      'tooBig.numberExclusive': '{{maximum}} değerinden küçük olmalıdır',
      'tooBig.array': 'En fazla {{maximum}} öğe içerebilir',
      'tooBig.date': 'Daha önceki bir tarih olmalıdır',
      'format.email': 'Geçerli bir e-posta adresi girin',
      'format.url': 'Geçerli bir URL girin',
      'format.date': 'Geçerli bir tarih girin (YYYY-AA-GG)',
      'format.datetime': 'Geçerli bir tarih ve saat girin',
      'format.other': 'Biçimi geçersiz',
      oneOf: 'Şunlardan biri olmalıdır: {{values}}',
      multipleOf: '{{divisor}} katı olmalıdır',
    },
  },
  en: {
    errors: {
      VALIDATION_FAILED: 'The request is invalid: {{fields}}',
      INVALID_JSON: 'The request body is not valid JSON',
      UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type: {{type}}',
      PAYLOAD_TOO_LARGE: 'The request is too large',
      BAD_REQUEST: 'Bad request',
      UNAUTHORIZED: 'You need to sign in for this action',
      FORBIDDEN: 'You do not have permission for this action',
      NOT_FOUND: 'Data not found',
      ROUTE_NOT_FOUND: 'The requested address was not found: {{method}} {{url}}',
      LOCATION_NOT_FOUND: 'Location not found',
      METHOD_NOT_ALLOWED: 'This address does not support {{method}}',
      CONFLICT: 'This record already exists',
      TOO_MANY_REQUESTS: 'Too many requests; please try again shortly',
      SERVICE_UNAVAILABLE: 'The service is unavailable right now; please try again shortly',
      INTERNAL_ERROR: 'An unexpected error occurred',
      INVALID_CREDENTIALS: 'Wrong email or password',
      TOO_MANY_LOGIN_ATTEMPTS: 'Too many failed sign-in attempts; please try again in {{minutes}} minutes',
      WRONG_PASSWORD: 'Your current password is wrong',
      EMAIL_TAKEN: 'A user with this email already exists',
      INVITATION_ALREADY_SENT: 'An invitation has already been sent to that email',
      INVITATION_INVALID: 'The invitation link is invalid or has expired',
      INVITE_NOT_SENT: 'Invite can not send; please try again later',
      RESET_LINK_INVALID: 'The password reset link is invalid or has expired',
      ROLE_IN_USE: 'This role is assigned to users; change their role first',
      SYSTEM_ADMIN_ROLE_LOCKED: 'The platform admin role cannot be changed or deleted',
      CANNOT_DELETE_SELF: 'You cannot delete your own account',
      CUSTOMER_NOT_FOUND: 'No customer is registered with this phone number',
      CUSTOMER_EXISTS: 'A customer is already registered with this phone number',
      CHANNEL_CLOSED: 'This channel is closed or does not take customer registrations',
      IMPORT_FILE_INVALID:
        'The file could not be imported; upload an xlsx file whose first row holds the column headers',
    },
    validation: {
      required: 'This field is required',
      invalid: 'Invalid value',
      unknownField: 'Unknown field',
      objectId: 'Must be a valid id (24 hexadecimal characters)',
      timezone: 'Must be a valid time zone (e.g. Europe/Istanbul)',
      passwordSpaces: 'The password must not contain spaces',
      passwordsMatch: 'The passwords do not match',
      currentPasswordWrong: 'Your current password is wrong',
      permissionSubject: 'Only modules of the permission tree can be chosen',
      roleNameReserved: 'This name is reserved for the platform admin role',
      roleNotGrantable: 'You cannot give a role with more permissions than your own',
      subjectNotGrantable: 'You can only give modules you have yourself',
      locationNotGrantable: 'You can only give malls you work for',
      roleNotFound: 'Role not found',
      kvkkRequired: 'The KVKK data-protection notice must be accepted to register',
      locationNotFound: 'Mall not found',
      channelTypeNotFound: 'This mall has no such channel tag',
      phone: 'Enter a valid phone number',
      vehiclePlate: 'Enter a valid vehicle plate',
      'type.string': 'Must be text',
      'type.number': 'Must be a number',
      'type.int': 'Must be a whole number',
      'type.boolean': 'Must be true or false',
      'type.array': 'Must be a list',
      'type.object': 'Must be an object',
      'type.date': 'Must be a valid date',
      'type.other': 'Has the wrong type',
      'tooSmall.string': 'Must be at least {{minimum}} characters',
      'tooSmall.number': 'Must be at least {{minimum}}',
      'tooSmall.numberExclusive': 'Must be greater than {{minimum}}',
      'tooSmall.array': 'Must contain at least {{minimum}} items',
      'tooSmall.date': 'Must be a later date',
      'tooBig.string': 'Must be at most {{maximum}} characters',
      'tooBig.number': 'Must be at most {{maximum}}',
      'tooBig.numberExclusive': 'Must be less than {{maximum}}',
      'tooBig.array': 'Must contain at most {{maximum}} items',
      'tooBig.date': 'Must be an earlier date',
      'format.email': 'Enter a valid email address',
      'format.url': 'Enter a valid URL',
      'format.date': 'Enter a valid date (YYYY-MM-DD)',
      'format.datetime': 'Enter a valid date and time',
      'format.other': 'Has an invalid format',
      oneOf: 'Must be one of: {{values}}',
      multipleOf: 'Must be a multiple of {{divisor}}',
    },
  },
};

export type MessageParams = Record<string, string | number>;

const interpolate = (text: string, params: MessageParams = {}) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export const errorMessage = (lang: Language, code: ErrorCode, params?: MessageParams) =>
  interpolate(messages[lang].errors[code], params);

/** A validation text by key (`required`, or `validation.required` as stored in a Zod issue message). */
export const validationMessage = (
  lang: Language,
  key: string,
  params?: MessageParams,
): string | undefined => {
  const text = messages[lang].validation[key.replace(/^validation\./, '')];
  return text === undefined ? undefined : interpolate(text, params);
};
