import type tr from '../tr/marketing-settings';

/** The provider accounts under Settings (issue 16 #5). */
export default {
  settings: 'Settings',
  title: 'Sending Accounts',
  create: 'New Account',
  new: 'New Sending Account',
  edit: 'Edit Sending Account',
  deleteTitle: 'Delete the sending account?',
  created: 'Sending account added',
  updated: 'Sending account updated',
  removed: 'Sending account deleted',
  empty:
    'SMS, email and push notifications go out through the mall’s own provider accounts. Each channel can have a verification code (OTP), a bulk and a transactional account.',
  channels: { sms: 'SMS', email: 'Email', push: 'Push' },
  kinds: { otp: 'Verification code (OTP)', bulk: 'Bulk', transactional: 'Transactional' },
  states: { ok: 'Working', error: 'Error', unchecked: 'Not checked', inactive: 'Off' },
  credentials: 'Credentials',
  credentialsSet: 'Stored',
  credentialsMissing: 'None',
  keepCredentials: 'Stored; leave empty to keep them',
  senderSmsHelp: 'The SMS header approved at NetGSM (3 to 11 characters)',
  senderEmailHelp: 'The address the emails come from',
  endpointHelp: 'Empty: the provider’s default address (for SMTP smtp://host:587)',
  fields: {
    account_channel: 'Channel',
    account_kind: 'Kind',
    account_name: 'Account name',
    account_sender: 'Sender',
    account_sender_name: 'Sender name',
    account_endpoint: 'Provider address',
    account_rate_per_second: 'Messages a second at most',
    account_is_active: 'Active',
    account_has_credentials: 'Credentials',
    account_state: 'State',
    account_credit: 'Credit left',
    account_credentials: {
      user: 'User name',
      password: 'Password',
      service_account: 'Firebase service account (JSON)',
    },
  },
} satisfies typeof tr;
