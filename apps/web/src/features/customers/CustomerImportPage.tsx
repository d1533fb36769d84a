import {
  CUSTOMER_IMPORT_MAX_BYTES,
  type CustomerImportColumn,
  type CustomerImportResult,
  customerFrequencyLabels,
  customerGenderLabels,
  customerImportColumns,
  customerImportRequiredColumns,
  yesNoLabels,
} from '@avlu/contracts';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header/PageHeader';
import {
  type ImportColumns,
  SpreadsheetImport,
  TemplateButton,
  useImportTemplate,
} from '../../components/spreadsheet-import';
import { useLanguage } from '../../lib/i18n/use-language';
import { importCustomers } from './customers.resource';
import { customerImportReader } from './refused-rows';

const required = new Set<string>(customerImportRequiredColumns);

/**
 * The import's columns in the screen's language, with what each takes: the words of the enum and
 * yes/no columns are the ones the export writes (contracts).
 */
const useColumns = (): ImportColumns<CustomerImportColumn> => {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  return {
    columns: customerImportColumns,
    required,
    label: (column) => t(`fields.${column}`),
    hint: (column) => {
      if (column === 'customer_gender' || column === 'customer_frequency') {
        const labels = column === 'customer_gender' ? customerGenderLabels : customerFrequencyLabels;
        return t(`import.hints.${column}`, { values: Object.values(labels[language]).join(', ') });
      }
      if (column === 'customer_is_parent' || column.endsWith('_permission'))
        return t('import.hints.flag', yesNoLabels[language]);
      return t(`import.hints.${column}`);
    },
  };
};

/** /customers/import: an xlsx of customers in, counts and the refused rows out (spec §3, §8). */
export default function CustomerImportPage() {
  const { t } = useTranslation('customers');
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
        crumbs={[{ label: t('title'), to: '/customers' }, { label: t('import.title') }]}
        action={<TemplateButton onClick={downloadTemplate} />}
      />
      <SpreadsheetImport<CustomerImportColumn, CustomerImportResult>
        {...columns}
        field="customer_data"
        maxBytes={CUSTOMER_IMPORT_MAX_BYTES}
        intro={t('import.intro')}
        rules={t('import.rules')}
        send={importCustomers}
        reader={customerImportReader}
        fieldName={(field) => (field ? t(`fields.${field}`, field) : t('spreadsheet-import:wholeFile'))}
        stats={(result) => [
          {
            label: t('import.added'),
            value: result.added_data,
            color: 'success',
            icon: <PersonAddAltOutlinedIcon />,
          },
          {
            label: t('import.existing'),
            value: result.already_exist,
            color: 'info',
            icon: <PeopleOutlineIcon />,
          },
          {
            label: t('import.failed'),
            value: result.error_rows.length,
            color: 'error',
            icon: <ErrorOutlineIcon />,
          },
        ]}
        allDone={() => t('import.allDone')}
        retryPrompt={(_, count) => t('import.retryPrompt', { count })}
      />
    </>
  );
}
