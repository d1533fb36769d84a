/** Staff reminders (issue 17 #8): the bell's popover and the add dialog, loaded with them. */
export default {
  title: 'Hatırlatıcılar',
  add: 'Hatırlatıcı ekle',
  due: 'Zamanı gelenler',
  upcoming: 'Yaklaşanlar',
  noneDue: 'Zamanı gelen hatırlatıcı yok.',
  noneUpcoming: 'Bekleyen hatırlatıcı yok.',
  loadFailed: 'Hatırlatıcılar yüklenemedi.',
  retry: 'Tekrar dene',
  markDone: 'Tamamlandı',
  markDoneOf: 'Tamamlandı: {{text}}',
  done: 'Hatırlatıcı tamamlandı.',
  created: 'Hatırlatıcı eklendi.',
  cancel: 'Vazgeç',
  save: 'Kaydet',
  about: 'İlgili kayıt',
  link: {
    customer: 'Müşteri: {{name}}',
    reservation: 'Rezervasyon: {{name}}, {{date}} {{hour}}',
    lending: 'Ödünç: {{itemNo}} {{itemName}} · {{name}}',
  },
  fields: {
    reminder_date: 'Tarih ve saat',
    reminder_text: 'Hatırlatılacak not',
  },
  hints: {
    reminder_text: 'En fazla 500 karakter; yalnızca siz görürsünüz',
  },
};
