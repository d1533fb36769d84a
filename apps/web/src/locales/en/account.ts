export default {
  title: 'My Account',
  profile: {
    title: 'Profile',
    role: 'Role',
    locations: 'Malls',
    readOnly: 'Only an authorised administrator can change your email, role and malls.',
  },
  fields: {
    admin_name: 'Name',
    admin_surname: 'Surname',
    admin_gender: 'Gender',
    admin_phone_number: 'Phone',
    admin_birthday: 'Birthday',
    admin_address: 'Address',
    admin_profile_photo: 'Profile photo',
    admin_email: 'Email',
    old_password: 'Current password',
    new_password: 'New password',
    confirm_password: 'Confirm new password',
  },
  genders: { male: 'Male', female: 'Female', unknown: 'Prefer not to say' },
  password: {
    title: 'Change password',
    hint: 'At least 8 characters, without spaces, and not a common password.',
    submit: 'Change password',
  },
  profileUpdated: 'Profile Updated',
};
