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
  download: {
    progress: 'Downloading… {{size}}',
  },
  release: {
    reloaded: 'A new version of Avlu was released; the page was reloaded.',
  },
};
