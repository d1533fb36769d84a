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
};
