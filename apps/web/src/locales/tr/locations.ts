export default {
  title: 'AVM’ler',
  settings: 'Ayarlar',
  fields: {
    location_name: 'AVM adı',
    timezone: 'Saat dilimi',
    hasMobileApp: 'Mobil uygulaması var',
    logo: 'Logo',
    location_meta: { timezone: 'Saat dilimi' },
    location_logo: { thumbnail: 'Logo' },
    location_app_links: {
      androidApp: 'Android uygulama bağlantısı',
      androidStore: 'Google Play bağlantısı',
      iosApp: 'iOS uygulama bağlantısı',
      iosStore: 'App Store bağlantısı',
      fallbackUrl: 'Yedek web adresi',
    },
  },
  actions: { create: 'Yeni AVM' },
  new: { title: 'Yeni AVM' },
  edit: { title: 'AVM’yi Düzenle', backToList: 'AVM listesine dön' },
  appLinks: 'Uygulama bağlantıları',
  appLinksHint:
    'QR kodlar ve mikro site yönlendirmesi bu adresleri kullanır; uygulama açılamazsa yedek adrese gidilir.',
  yes: 'Var',
  no: 'Yok',
  microSite: {
    title: 'Mikro site',
    text: 'Müşterilerin giriş yaptığı, kampanyaları ve hediyeleri gördüğü sayfa. Bağlantıyı yenilerseniz eski bağlantı çalışmaz.',
    link: 'Mikro site bağlantısı',
    copy: 'Bağlantıyı kopyala',
    copied: 'Bağlantı kopyalandı',
    renew: 'Bağlantıyı yenile',
    renewTitle: 'Mikro site bağlantısı yenilensin mi?',
    renewText:
      'Eski bağlantı ve ona bağlı QR kodlar çalışmaz; yeni bağlantıyı müşterilerinizle yeniden paylaşmanız gerekir.',
    renewed: 'Mikro site bağlantısı yenilendi',
  },
};
