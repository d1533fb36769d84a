import {
  customerImportReasonLabels,
  formatIssue,
  STORE_IMPORT_MAX_BYTES,
  type StoreImportColumn,
  type StoreImportResult,
  storeImportColumns,
  storeImportHeaderMap,
  storeImportRequiredColumns,
  storeImportRow,
  yesNoLabels,
} from '@avlu/contracts';
import AddBusinessOutlinedIcon from '@mui/icons-material/AddBusinessOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header/PageHeader';
import {
  type ImportColumns,
  SpreadsheetImport,
  TemplateButton,
  useImportTemplate,
} from '../../components/spreadsheet-import';
import type { ImportReader } from '../../lib/excel/refused-rows';
import { useLanguage } from '../../lib/i18n/use-language';
import { importStores } from './stores.resource';
import './texts';

const required = new Set<string>(storeImportRequiredColumns);

/**
 * How the server reads a store file (stores.import.ts), for the refused rows given back: the row
 * schema checks the cells; the category and the name against the mall are the server's to say.
 */
const reader: ImportReader<StoreImportColumn> = {
  headerMap: storeImportHeaderMap,
  reasonLabels: customerImportReasonLabels,
  check: (values, language) => {
    const parsed = storeImportRow.safeParse(values);
    return parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          field: issue.path.map(String).join('.') || null,
          reason: formatIssue(issue, language),
        }));
  },
};

const useColumns = (): ImportColumns<StoreImportColumn> => {
  const { t } = useTranslation('stores');
  const language = useLanguage();
  return {
    columns: storeImportColumns,
    required,
    label: (column) => t(`fields.${column}`),
    hint: (column) =>
      column === 'store_is_active'
        ? t('import.hints.flag', yesNoLabels[language])
        : t(`import.hints.${column}`),
  };
};

/** /settings/stores/import: the store directory from an xlsx, all rows or none (issue 13 #1). */
export default function StoreImportPage() {
  const { t } = useTranslation('stores');
  const columns = useColumns();
  const downloadTemplate = useImportTemplate(columns, {
    file: t('import.templateFile'),
    sheet: t('import.templateSheet'),
    guideSheet: t('import.guideSheet'),
  });
  return (
    <>
      <PageHeader
        title={t('import.title')}
        crumbs={[
          { label: t('settings') },
          { label: t('title'), to: '/settings/stores' },
          { label: t('import.title') },
        ]}
        action={<TemplateButton onClick={downloadTemplate} />}
      />
      <SpreadsheetImport<StoreImportColumn, StoreImportResult>
        {...columns}
        field="store_data"
        maxBytes={STORE_IMPORT_MAX_BYTES}
        intro={t('import.intro')}
        rules={t('import.rules')}
        send={importStores}
        reader={reader}
        stats={(result) => [
          {
            label: t('import.added'),
            value: result.added_data,
            color: 'success',
            icon: <AddBusinessOutlinedIcon />,
          },
          {
            label: t('import.failed'),
            value: result.error_rows.length,
            color: 'error',
            icon: <ErrorOutlineIcon />,
          },
        ]}
        allDone={(result) => t('import.allDone', { count: result.added_data })}
        retryPrompt={(_, count) => t('import.retryPrompt', { count })}
      />
    </>
  );
}
