export default {
  title: 'Kullanıcı Davetleri',
  fields: {
    admin_invite_email: 'E-posta',
    admin_invite_role_id: 'Rol',
    admin_invite_role_name: 'Rol',
    admin_invite_location_ids: 'AVM’ler',
    status: 'Durum',
    expiresAt: 'Geçerlilik sonu',
    createdAt: 'Gönderilme',
  },
  statuses: { pending: 'Bekliyor', accepted: 'Kabul edildi', expired: 'Süresi doldu' },
  actions: { create: 'Yeni davet', resend: 'Daveti yeniden gönder' },
  new: {
    title: 'Yeni Davet',
    intro:
      'Davet edilen kişiye kayıt bağlantısı e-postayla gönderilir. Bağlantıyla adını ve şifresini belirleyip seçtiğiniz rol ve AVM’lerle panele katılır.',
    submit: 'Davet gönder',
    locationsHint: 'Boş bırakırsanız şu anki AVM’niz verilir.',
  },
  empty:
    'Henüz davet gönderilmedi. Bir e-posta adresi ve rol seçerek ekip arkadaşınızı panele davet edin; davet edilen kişi e-postasındaki bağlantıyla katılır.',
  deleteTitle: 'Bu davet silinsin mi?',
  resendTitle: 'Davet yeniden gönderilsin mi?',
  resendText: '{{email}} adresine yeni bir kayıt bağlantısı gönderilir; eski bağlantı geçersiz olur.',
  sent: 'Davet gönderildi',
  removed: 'Davet silindi',
  sendFailed: 'Davet gönderilemedi',
};
