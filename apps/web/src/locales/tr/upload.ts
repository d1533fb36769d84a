export default {
  choose: 'Dosya seçmek için tıklayın ya da buraya sürükleyin',
  limits: 'İzin verilen: {{types}} · En fazla {{limit}}',
  types: 'İzin verilen: {{types}}',
  limit: 'En fazla {{limit}}',
  tooLarge: 'Dosya en fazla {{limit}} olabilir; seçilen dosya {{size}}.',
  wrongType: 'Bu dosya türü kabul edilmiyor. İzin verilen: {{types}}',
  remove: 'Dosyayı kaldır',
  uploading: 'Yükleniyor: %{{percent}}',
  saved: 'Kayıtlı dosya',
  preview: 'Önizleme',
};
