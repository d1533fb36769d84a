export default {
  title: 'Settings',
  open: 'Open settings',
  close: 'Close settings',
  reset: 'Reset to defaults',
  mode: { label: 'Mode', light: 'Light', dark: 'Dark' },
  direction: { label: 'Direction', ltr: 'Left to right', rtl: 'Right to left' },
  presets: {
    label: 'Colour',
    default: 'Avlu green',
    purple: 'Purple',
    cyan: 'Cyan',
    blue: 'Blue',
    orange: 'Orange',
    red: 'Red',
  },
  layout: { label: 'Layout', stretch: 'Full width' },
  fullscreen: { enter: 'Fullscreen', exit: 'Exit fullscreen' },
};
