/** Staff reminders (issue 17 #8): the bell's popover and the add dialog, loaded with them. */
export default {
  title: 'Reminders',
  add: 'Add reminder',
  due: 'Due',
  upcoming: 'Upcoming',
  noneDue: 'No reminders are due.',
  noneUpcoming: 'No reminders are waiting.',
  loadFailed: 'The reminders could not be loaded.',
  retry: 'Try again',
  markDone: 'Done',
  markDoneOf: 'Done: {{text}}',
  done: 'Reminder done.',
  created: 'Reminder added.',
  cancel: 'Cancel',
  save: 'Save',
  about: 'About',
  link: {
    customer: 'Customer: {{name}}',
    reservation: 'Reservation: {{name}}, {{date}} {{hour}}',
    lending: 'Lending: {{itemNo}} {{itemName}} · {{name}}',
  },
  fields: {
    reminder_date: 'Date and time',
    reminder_text: 'Note to remind',
  },
  hints: {
    reminder_text: 'At most 500 characters; only you see it',
  },
};
