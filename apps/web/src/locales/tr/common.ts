export default {
  appName: 'Avlu',
  actions: {
    save: 'Kaydet',
    cancel: 'Vazgeç',
    delete: 'Sil',
    confirm: 'Onayla',
    close: 'Kapat',
    retry: 'Tekrar dene',
  },
  download: {
    progress: 'İndiriliyor… {{size}}',
  },
  release: {
    reloaded: 'Avlu’nun yeni sürümü yayınlandı; sayfa yenilendi.',
  },
};
