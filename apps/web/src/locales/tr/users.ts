export default {
  title: 'Kullanıcılar',
  fullName: 'Ad Soyad',
  fields: {
    admin_name: 'Ad',
    admin_surname: 'Soyad',
    admin_email: 'E-posta',
    admin_password: 'İlk şifre',
    admin_role_id: 'Rol',
    admin_role_name: 'Rol',
    admin_locations: 'AVM’ler',
    admin_location_ids: 'AVM’ler',
  },
  actions: { create: 'Yeni kullanıcı', invite: 'Kullanıcı davet et' },
  new: {
    title: 'Yeni Kullanıcı',
    passwordHint: 'Kullanıcıya iletin; en az 8 karakter, boşluksuz ve yaygın olmayan bir şifre.',
  },
  edit: {
    title: 'Kullanıcıyı Düzenle',
    notFound: 'Düzenlenecek kullanıcı bulunamadı. Listeden yeniden seçin.',
    backToList: 'Kullanıcı listesine dön',
  },
  empty:
    'Henüz başka kullanıcı yok. Ekip arkadaşlarınızı davet edin: e-postalarına gelen bağlantıyla kendi şifrelerini belirleyip katılırlar.',
  deleteTitle: 'Bu kullanıcı silinsin mi?',
  you: 'Siz',
  created: 'Kullanıcı oluşturuldu',
  removed: 'Kullanıcı silindi',
};
