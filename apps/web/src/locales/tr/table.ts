export default {
  /** The pager when the list stopped counting: 'at least this many'. */
  displayedRowsCapped: '{{from}}–{{to}} / {{count}}+',
  search: 'Ara',
  empty: 'Liste boş',
  noResults: 'Arama sonucu bulunamadı',
  actions: 'İşlemler',
  edit: 'Düzenle',
  delete: 'Sil',
  deleteTitle: 'Bu kaydı silmek istediğinize emin misiniz?',
  view: 'Görüntüle',
};
