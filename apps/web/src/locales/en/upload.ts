export default {
  choose: 'Click to choose a file or drag it here',
  limits: 'Allowed: {{types}} · At most {{limit}}',
  types: 'Allowed: {{types}}',
  limit: 'At most {{limit}}',
  tooLarge: 'The file must be at most {{limit}}; the chosen file is {{size}}.',
  wrongType: 'This file type is not accepted. Allowed: {{types}}',
  remove: 'Remove file',
  uploading: 'Uploading: {{percent}}%',
  saved: 'Saved file',
  preview: 'Preview',
};
