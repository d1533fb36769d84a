export default {
  /** The pager when the list stopped counting: 'at least this many'. */
  displayedRowsCapped: '{{from}}–{{to}} / {{count}}+',
  /** A row action's accessible name: the action and the row it acts on. */
  actionOn: '{{action}}: {{row}}',
  /** Typed text waiting for its search (spec §9: the smart search waits 3 seconds). */
  searchPending: 'Yazmayı bitirdiğinizde aranacak; hemen aramak için Enter’a basın',
  searching: 'Aranıyor…',
  search: 'Ara',
  empty: 'Liste boş',
  noResults: 'Arama sonucu bulunamadı',
  actions: 'İşlemler',
  edit: 'Düzenle',
  delete: 'Sil',
  deleteTitle: 'Bu kaydı silmek istediğinize emin misiniz?',
  view: 'Görüntüle',
};
