export default {
  /** Asked before leaving a page whose form was changed and not saved. */
  unsaved: {
    title: 'You have unsaved changes',
    text: 'If you leave this page, the changes you made will be lost.',
    leave: 'Leave without saving',
    stay: 'Stay on this page',
  },
  showPassword: 'Show password',
  hidePassword: 'Hide password',
};
