export default {
  /** The pager when the list stopped counting: 'at least this many'. */
  displayedRowsCapped: '{{from}}–{{to}} of {{count}}+',
  /** A row action's accessible name: the action and the row it acts on. */
  actionOn: '{{action}}: {{row}}',
  /** Typed text waiting for its search (spec §9: the smart search waits 3 seconds). */
  searchPending: 'Searching once you stop typing; press Enter to search now',
  searching: 'Searching…',
  search: 'Search',
  empty: 'List is empty',
  noResults: 'Search result not found',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Are you sure you want to delete this record?',
  view: 'View',
};
