export default {
  canceled: 'İstek iptal edildi.',
  network: 'İnternet Bağlantınız Kesildi',
  invalidResponse: 'Sunucudan beklenmeyen bir yanıt alındı',
  created: 'Başarıyla oluşturuldu',
  updated: 'Başarıyla güncellendi',
  removed: 'Başarıyla silindi',
};
