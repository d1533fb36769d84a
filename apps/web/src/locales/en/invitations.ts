export default {
  title: 'User Invitations',
  fields: {
    admin_invite_email: 'Email',
    admin_invite_role_id: 'Role',
    admin_invite_role_name: 'Role',
    admin_invite_location_ids: 'Malls',
    status: 'Status',
    expiresAt: 'Valid until',
    createdAt: 'Sent',
  },
  statuses: { pending: 'Pending', accepted: 'Accepted', expired: 'Expired' },
  actions: { create: 'New invitation', resend: 'Send the invitation again' },
  new: {
    title: 'New Invitation',
    intro:
      'The invited person gets a registration link by email. Through it they choose their name and password and join with the role and malls you pick.',
    submit: 'Send invitation',
    locationsHint: 'Left empty, your current mall is given.',
  },
  empty:
    'No invitations sent yet. Invite a colleague to the back-office with their email address and a role; they join through the link in their email.',
  deleteTitle: 'Delete this invitation?',
  resendTitle: 'Send the invitation again?',
  resendText: 'A new registration link goes to {{email}}; the old link stops working.',
  sent: 'Invite sent',
  removed: 'Invite removed',
  sendFailed: 'Invite can not send',
};
