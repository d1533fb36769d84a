export default {
  appName: 'Avlu',
  actions: {
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    confirm: 'Confirm',
    close: 'Close',
    retry: 'Try again',
  },
};
