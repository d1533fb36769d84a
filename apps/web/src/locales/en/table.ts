export default {
  search: 'Search',
  empty: 'List is empty',
  noResults: 'Search result not found',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  deleteTitle: 'Are you sure you want to delete this record?',
  view: 'View',
};
