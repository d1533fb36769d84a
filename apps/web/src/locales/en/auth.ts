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
};
