export default {
  title: 'Ayarlar',
  open: 'Ayarları aç',
  close: 'Ayarları kapat',
  reset: 'Varsayılanlara dön',
  mode: { label: 'Görünüm', light: 'Açık', dark: 'Koyu' },
  direction: { label: 'Yazı yönü', ltr: 'Soldan sağa', rtl: 'Sağdan sola' },
  presets: {
    label: 'Renk',
    default: 'Avlu yeşili',
    purple: 'Mor',
    cyan: 'Camgöbeği',
    blue: 'Mavi',
    orange: 'Turuncu',
    red: 'Kırmızı',
  },
  layout: { label: 'Yerleşim', stretch: 'Tam genişlik' },
  fullscreen: { enter: 'Tam ekran', exit: 'Tam ekrandan çık' },
};
