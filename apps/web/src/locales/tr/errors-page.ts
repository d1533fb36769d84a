export default {
  home: 'Ana sayfaya dön',
  notFound: {
    title: 'Sayfa bulunamadı',
    text: 'Aradığınız sayfa taşınmış, kaldırılmış ya da hiç var olmamış olabilir. Adresi kontrol edip yeniden deneyin.',
  },
  serverError: {
    title: 'Bir şeyler ters gitti',
    text: 'Sunucuda beklenmeyen bir hata oluştu. Lütfen biraz sonra yeniden deneyin.',
  },
  permissionDenied: {
    title: 'Yetki Reddedildi',
    text: 'Bu sayfaya erişim yetkiniz yok.',
  },
};
