/** The words every xlsx import screen shares (components/spreadsheet-import). */
export default {
  template: 'Download template',
  guideHeader: ['Column', 'Required', 'How to write it'],
  yes: 'Yes',
  no: 'No',
  columns: 'Columns',
  required: 'required',
  file: 'Excel file',
  submit: 'Import',
  uploading: 'Uploading… {{percent}}%',
  processing: 'Processing the file…',
  result: 'Import result',
  errors: 'Rows with errors',
  errorColumns: { row: 'Row', field: 'Column', reason: 'Error' },
  downloadErrors: 'Download rows with errors',
  errorsFile: 'import-errors.xlsx',
  firstErrors:
    'The first {{shown}} of {{count}} errors are listed below; the downloaded file holds every refused row.',
  reasonNotListed: 'This row could not be imported; correct it and upload it again.',
  errorsSheet: 'Rows with errors',
  wholeFile: 'Whole file',
};
