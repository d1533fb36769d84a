export {
  type ImportColumns,
  ImportStat,
  type ImportStatProps,
  SpreadsheetImport,
  type SpreadsheetImportProps,
  TemplateButton,
  useImportTemplate,
} from './SpreadsheetImport';
