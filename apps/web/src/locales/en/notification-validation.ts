import type tr from '../tr/notification-validation';

/** The double opt-in's confirmation page (/ext/customers/notification/validation). */
export default {
  title: 'Confirm your subscription',
  subtitle: 'Enter the 4-digit code from the message you received.',
  noToken: 'This link is incomplete. Please open the link in the message you received as it is.',
  submit: 'Confirm',
  done: {
    sms: 'You will now get {{mall}}’s campaigns and news by SMS. Thank you!',
    email: 'You will now get {{mall}}’s campaigns and news by email. Thank you!',
  },
  fields: { notificationCode: 'Verification code' },
} satisfies typeof tr;
