/** The words every xlsx import screen shares (components/spreadsheet-import). */
export default {
  template: 'Şablonu indir',
  guideHeader: ['Sütun', 'Zorunlu', 'Nasıl yazılır'],
  yes: 'Evet',
  no: 'Hayır',
  columns: 'Sütunlar',
  required: 'zorunlu',
  file: 'Excel dosyası',
  submit: 'İçe aktar',
  uploading: 'Yükleniyor… %{{percent}}',
  processing: 'Dosya işleniyor…',
  result: 'Aktarım sonucu',
  errors: 'Hatalı satırlar',
  errorColumns: { row: 'Satır', field: 'Sütun', reason: 'Hata' },
  downloadErrors: 'Hatalı satırları indir',
  errorsFile: 'aktarim-hatalari.xlsx',
  firstErrors:
    'Aşağıda {{count}} hatanın ilk {{shown}} tanesi listeleniyor; indirilen dosyada hatalı satırların hepsi var.',
  reasonNotListed: 'Bu satır aktarılamadı; hatayı düzeltip yeniden yükleyin.',
  errorsSheet: 'Hatalı satırlar',
  wholeFile: 'Dosyanın tamamı',
};
