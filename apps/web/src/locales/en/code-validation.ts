export default {
  title: 'Coupon code validation',
  noCampaigns:
    'There is no running campaign whose codes are redeemed at a store. Coupon campaigns can be chosen here once they are published.',
  empty: 'Choose the campaign and type the customer’s code; its status and holder appear here.',
  newCode: 'New code',
  fields: {
    campaign_id: 'Campaign',
    coupon_code: 'Coupon code',
    customer_phone: 'Phone the customer gives (optional)',
  },
  form: {
    title: 'Code lookup',
    intro: 'Type the code the customer shows. Upper or lower case, spaces and dashes do not matter.',
    codeHint: 'For example: ABCDE-FGHJK',
    submit: 'Look up',
  },
  status: {
    ready: 'Not given to a customer',
    given: 'Redeemable',
    used: 'Used',
    not_used: 'Not used',
    expired: 'Expired',
  },
  result: {
    campaign: 'Campaign',
    validity: 'Campaign dates',
    dates: '{{start}} – {{end}}',
    holderName: 'Holder',
    holderPhone: 'Phone',
    noHolder: 'None',
    givenAt: 'Given on',
    expiresAt: 'Valid until',
    usedAt: 'Used on',
    none: '—',
  },
  notRedeemable: {
    ready: 'This code has not been given to a customer yet; it cannot be redeemed.',
    given: 'This code cannot be redeemed right now.',
    used: 'This code was used on {{date}}; it cannot be used again.',
    not_used: 'The campaign ended before this code was used; it can no longer be redeemed.',
    expired: 'This code has expired; it can no longer be redeemed.',
  },
  hold: {
    left: 'The code is held for this till for {{time}}; no other till can work on it meanwhile.',
    over: 'This till’s hold on the code has run out. Look the code up again to go on.',
    again: 'Look up again',
  },
  otp: {
    intro:
      'To confirm the customer holds the code, send a 4-digit SMS code to their phone on file ({{phone}}).',
    send: 'Send SMS code',
    phoneHint:
      'An extra check: it must be the code holder’s number on file. The SMS always goes to the number on file.',
    sent: 'An SMS code was sent to {{phone}}. Ask the customer for the 4-digit code.',
    formLabel: 'Redeem with the SMS code',
    label: 'SMS code',
    digit: 'Digit {{index}} of the SMS code',
    required: 'Type the code the customer received',
    incomplete: 'The code must be {{length}} digits',
    resend: 'Send the code again',
    resendIn: 'Send again ({{time}})',
  },
  redeem: {
    submit: 'Mark as used',
    done: 'The code was marked as used',
    when: '{{campaign}} · {{time}}',
  },
};
