export default {
  title: 'Görüşünüzü Bildirin',
  text: 'Şikâyet, öneri ya da teşekkürünüzü AVM yönetimine iletin.',
  type: 'Konu türü',
  pickType: 'Tür seçin',
  subject: 'Başlık',
  message: 'Mesajınız',
  anonymous: 'Adımı paylaşmadan (anonim) gönder',
  anonymousHint: 'Anonim mesajlara yanıt veremeyiz; adınız ve iletişim bilgileriniz gönderilmez.',
  namedHint:
    'Adınız, telefonunuz ve e-postanız mesajla birlikte iletilir; size SMS ya da e-postayla yanıt verebiliriz.',
  submit: 'Gönder',
  required: 'Bu alan zorunludur',
  failed: 'Feedback can not create',
  loadError: 'Konu türleri yüklenemedi',
  thanks: 'Teşekkürler, mesajınız AVM yönetimine ulaştı. Size SMS ya da e-postayla dönüş yapacağız.',
  thanksAnonymous: 'Teşekkürler, mesajınız AVM yönetimine ulaştı.',
  home: 'Ana sayfaya dön',
};
