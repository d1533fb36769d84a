export default {
  title: 'Users',
  fullName: 'Name',
  fields: {
    admin_name: 'Name',
    admin_surname: 'Surname',
    admin_email: 'Email',
    admin_password: 'First password',
    admin_role_id: 'Role',
    admin_role_name: 'Role',
    admin_locations: 'Malls',
    admin_location_ids: 'Malls',
  },
  actions: { create: 'New user', invite: 'Invite a user' },
  new: {
    title: 'New User',
    passwordHint: 'Pass it on to the user; at least 8 characters, no spaces, not a common password.',
  },
  edit: {
    title: 'Edit User',
    notFound: 'The user to edit was not found. Pick them again from the list.',
    backToList: 'Back to the user list',
  },
  empty:
    'No other users yet. Invite your colleagues: they join through the link in their email and choose their own password.',
  deleteTitle: 'Delete this user?',
  you: 'You',
  created: 'User created',
  removed: 'User removed',
};
