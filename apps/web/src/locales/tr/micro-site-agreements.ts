export default {
  title: 'Sözleşmeler',
  text: 'AVM’nin yürürlükteki sözleşme ve aydınlatma metinleri',
  types: {
    terms_and_conditions: 'Üyelik Sözleşmesi',
    etk_permissions: 'Ticari Elektronik İleti İzni',
    kvkk: 'KVKK Aydınlatma Metni',
  },
  typeTexts: {
    terms_and_conditions: 'Üyeliğin, puanların ve kuponların kuralları',
    etk_permissions: 'Kampanya ve duyuruların SMS, e-posta ve telefonla gönderilmesi',
    kvkk: 'Kişisel verilerinizin nasıl işlendiği ve haklarınız',
  },
  notFound: 'Sözleşme bulunamadı',
  notFoundText: 'AVM’nin bu türde yürürlükte bir metni şu anda yok.',
  pdfNotFound: 'PDF sözleşme metni bulunamadı',
  downloadPdf: 'PDF’i indir (Türkçe)',
  otherPdf: 'İngilizce PDF’i indir',
  inForce: 'Yürürlük tarihi: {{date}}',
  loadError: 'Sözleşme yüklenemedi',
  all: 'Tüm sözleşmeler',
  home: 'Ana sayfaya dön',
};
