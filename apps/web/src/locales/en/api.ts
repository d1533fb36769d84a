export default {
  canceled: 'Request canceled',
  network: 'Your Internet Connection Has Been Lost',
  invalidResponse: 'The server sent an unexpected answer',
  created: 'Created Successfully',
  updated: 'Updated Successfully',
  removed: 'Removed Successfully',
};
