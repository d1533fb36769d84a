export default {
  /** The pager when the list stopped counting: 'at least this many'. */
  displayedRowsCapped: '{{from}}–{{to}} of {{count}}+',
  search: 'Search',
  empty: 'List is empty',
  noResults: 'Search result not found',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Are you sure you want to delete this record?',
  view: 'View',
};
