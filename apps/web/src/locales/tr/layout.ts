export default {
  /** The first Tab stop of the back-office: past the menus to the page. */
  skipToContent: 'İçeriğe geç',
  loading: 'Yükleniyor',
  /** The logo's link and the first crumb: the first screen the role may use. */
  home: 'Avlu ana sayfa',
  breadcrumbs: { label: 'Sayfa yolu', home: 'Ana Sayfa' },
  sidebar: {
    navigation: 'Ana menü',
    open: 'Menüyü aç',
    collapse: 'Menüyü daralt',
    expand: 'Menüyü genişlet',
    location: 'AVM',
    platformAdmin: 'Platform Yöneticisi',
  },
  /** The button names what it shows (WCAG 2.5.3): 'Dil: TR, Türkçe'. */
  language: { button: 'Dil: {{code}}, {{name}}' },
  /** The top bar's bell (issue 17 #8); its popover's texts load with it (reminders.ts). */
  reminders: {
    button: 'Hatırlatıcılar',
    buttonDue: 'Hatırlatıcılar: {{count}} zamanı gelen',
  },
  account: {
    label: 'Hesap',
    button: 'Hesap: {{initials}}',
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
