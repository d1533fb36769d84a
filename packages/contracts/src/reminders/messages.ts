/**
 * The validation texts of reminders (issue 17 #8), spread into contracts' `messages`
 * (i18n/messages.ts), so the server and the dialog word them the same.
 */
export const reminderValidation = {
  tr: {
    reminderCustomerUnknown: 'Bu AVM’de böyle bir müşteri yok',
    reminderReservationUnknown: 'Bu AVM’de böyle bir rezervasyon yok',
    reminderLendingUnknown: 'Bu AVM’de böyle bir ödünç kaydı yok',
  },
  en: {
    reminderCustomerUnknown: 'The mall has no such customer',
    reminderReservationUnknown: 'The mall has no such reservation',
    reminderLendingUnknown: 'The mall has no such lending',
  },
} as const;
