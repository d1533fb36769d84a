export default {
  brand: {
    title: 'Get to know your mall’s customers.',
    text: 'Customer data, campaigns and loyalty in one back-office.',
    highlights: {
      customers: 'Manage customers and their consents in one place',
      campaigns: 'Plan campaigns, coupons and notifications',
      loyalty: 'Approve receipts, follow points and gifts',
    },
  },
  login: {
    title: 'Sign in',
    subtitle: 'Enter your email and password to reach the back-office.',
    email: 'Email',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    remember: 'Remember me',
    forgotPassword: 'Forgot password?',
    submit: 'Sign in',
    success: 'Signed in, welcome!',
  },
  fields: {
    admin_email: 'Email',
    admin_name: 'Name',
    admin_surname: 'Surname',
    admin_password: 'Password',
    confirm_password: 'Confirm password',
  },
  passwordRules: 'At least 8 characters, without spaces, and not a common password.',
  backToLogin: 'Back to sign in',
  register: {
    title: 'Create an account',
    byInvitation:
      'Avlu accounts are opened by invitation. Ask your administrator to invite you, then complete your registration from the link in the email.',
    haveAccount: 'Already have an account?',
  },
  invite: {
    title: 'Complete your registration',
    subtitle: 'Enter your name and choose a password; you will go straight to the back-office.',
    role: 'Your role: {{role}}',
    submit: 'Complete registration',
    success: 'Registration complete, welcome!',
    invalidTitle: 'This invitation link cannot be used',
  },
  forget: {
    title: 'Forgot your password?',
    subtitle: 'Enter the email address of your account and we will send you a link to choose a new password.',
    submit: 'Send link',
  },
  verify: {
    title: 'Check your email',
    sent: 'If the address is registered, we sent a link to reset the password. Check your inbox (and spam folder).',
    sentTo:
      'If {{email}} is registered, we sent a link to reset the password. Check your inbox (and spam folder).',
    otherAddress: 'Try another address',
  },
  reset: {
    title: 'Choose a new password',
    subtitle: 'Enter a new password for your account.',
    submit: 'Update password',
    success: 'Your password has been updated; you can sign in with it now.',
    newLink: 'Request a new link',
  },
  unlock: {
    title: 'Unlock your account',
    subtitle:
      'Your account was locked after many failed sign-in attempts. If they were yours, unlock it here; if not, choose a new password afterwards.',
    submit: 'Unlock my account',
    success: 'Your account is unlocked; you can sign in now.',
    resetInstead: 'Reset my password instead',
  },
};
