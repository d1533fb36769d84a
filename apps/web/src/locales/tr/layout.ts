export default {
  loading: 'Yükleniyor',
  sidebar: {
    navigation: 'Ana menü',
    open: 'Menüyü aç',
    collapse: 'Menüyü daralt',
    expand: 'Menüyü genişlet',
    location: 'AVM',
    platformAdmin: 'Platform Yöneticisi',
  },
  language: { label: 'Dil' },
  account: {
    label: 'Hesap',
    profile: 'Kullanıcı Profili',
    invitations: 'Kullanıcı Davetleri',
    users: 'Kullanıcılar',
    roles: 'Kullanıcı Rolleri',
    logout: 'Çıkış Yap',
    logoutFailed: 'Çıkış yapılamadı',
  },
  offline: {
    title: 'İnternet Bağlantınız Kesildi',
    text: 'Lütfen bağlantınızı kontrol edin. İnternete yeniden bağlandığınızda bu pencere kendiliğinden kapanır.',
  },
};
