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
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutlineOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header/PageHeader';
import { acceptPresets, UploadField, useUploadProgress } from '../../components/upload-field';
import { type ApiError, isApiError, saveFile } from '../../lib/api';
import { type XlsxCell, xlsxBlob } from '../../lib/excel/xlsx';
import { useLanguage } from '../../lib/i18n/use-language';
import { importCustomers } from './customers.resource';
import { refusedRowsSheet } from './refused-rows';

type ErrorRow = CustomerImportResult['error_list'][number] & { id: number };

const required = new Set<string>(customerImportRequiredColumns);

/**
 * What each column takes, in the screen's language: the chips' tooltips and the template's guide
 * sheet. The words of the enum and yes/no columns are the ones the export writes (contracts).
 */
const useColumnHints = () => {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  return (column: CustomerImportColumn) => {
    if (column === 'customer_gender' || column === 'customer_frequency') {
      const labels = column === 'customer_gender' ? customerGenderLabels : customerFrequencyLabels;
      return t(`import.hints.${column}`, { values: Object.values(labels[language]).join(', ') });
    }
    if (column === 'customer_is_parent' || column.endsWith('_permission'))
      return t('import.hints.flag', yesNoLabels[language]);
    return t(`import.hints.${column}`);
  };
};

/**
 * The template: the header row in the screen's language, as the server reads it (it also takes the
 * other language, the column keys and what the customer export writes), and a guide sheet with
 * whether each column is required and how to write it.
 */
const useTemplate = () => {
  const { t } = useTranslation('customers');
  const hint = useColumnHints();
  return () => {
    const label = (column: CustomerImportColumn) => t(`fields.${column}`);
    saveFile({
      filename: t('import.templateFile'),
      blob: xlsxBlob([
        {
          name: t('import.templateSheet'),
          rows: [customerImportColumns.map(label)],
          widths: customerImportColumns.map(() => 20),
        },
        {
          name: t('import.guideSheet'),
          rows: [
            t('import.guideHeader', { returnObjects: true }) as string[],
            ...customerImportColumns.map((column) => [
              label(column),
              required.has(column) ? t('yes') : t('no'),
              hint(column),
            ]),
          ],
        },
      ]),
    });
  };
};

function Stat({
  label,
  value,
  icon,
  color,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  color: 'success' | 'info' | 'error';
}) {
  const language = useLanguage();
  return (
    <Card variant="outlined" sx={{ p: 2.5 }} aria-label={label}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            display: 'inline-flex',
            p: 1.25,
            borderRadius: '50%',
            color: `${color}.main`,
            bgcolor: (theme) => alpha(theme.palette[color].main, 0.12),
          }}
        >
          {icon}
        </Box>
        <Stack>
          <Typography variant="h4" component="p" data-testid={`import-${color}`}>
            {new Intl.NumberFormat(language).format(value)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Stack>
      </Stack>
    </Card>
  );
}

function ImportResult({ result, file }: { result: CustomerImportResult; file: File }) {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  const errors = result.error_list;
  const failedRows = result.error_rows.length;
  const rows = useMemo<ErrorRow[]>(() => errors.map((error, id) => ({ ...error, id })), [errors]);
  const fieldName = useCallback(
    (field: string | null) => (field ? t(`fields.${field}`, field) : t('import.wholeFile')),
    [t],
  );
  const columns = useMemo<GridColDef<ErrorRow>[]>(
    () => [
      {
        field: 'row',
        headerName: t('import.errorColumns.row'),
        width: 90,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
      },
      {
        field: 'field',
        headerName: t('import.errorColumns.field'),
        minWidth: 180,
        valueFormatter: (value: string | null) => fieldName(value),
      },
      { field: 'reason', headerName: t('import.errorColumns.reason'), flex: 1, minWidth: 260 },
    ],
    [t, fieldName],
  );
  const download = async () => {
    let rows: XlsxCell[][];
    try {
      rows = await refusedRowsSheet(file, result, fieldName, language, t('import.reasonNotListed'));
    } catch {
      // A file this reader cannot open (the server read it): the errors alone, by row and column.
      rows = [
        [t('import.errorColumns.row'), t('import.errorColumns.field'), t('import.errorColumns.reason')],
        ...errors.map((error) => [error.row, fieldName(error.field), error.reason]),
      ];
    }
    saveFile({ filename: t('import.errorsFile'), blob: xlsxBlob([{ name: t('import.errorsSheet'), rows }]) });
  };

  return (
    <Stack spacing={3} component="section" aria-label={t('import.result')}>
      <Typography variant="h6" component="h2">
        {t('import.result')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <Stat
          label={t('import.added')}
          value={result.added_data}
          color="success"
          icon={<PersonAddAltOutlinedIcon />}
        />
        <Stat
          label={t('import.existing')}
          value={result.already_exist}
          color="info"
          icon={<PeopleOutlineIcon />}
        />
        <Stat label={t('import.failed')} value={failedRows} color="error" icon={<ErrorOutlineIcon />} />
      </Box>
      {errors.length === 0 ? (
        <Alert severity="success" icon={<CheckCircleOutlineIcon />}>
          {t('import.allDone')}
        </Alert>
      ) : (
        <>
          <Alert
            severity="warning"
            action={
              <Button
                color="inherit"
                size="small"
                startIcon={<FileDownloadOutlinedIcon />}
                onClick={download}
                sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
              >
                {t('import.downloadErrors')}
              </Button>
            }
          >
            {t('import.retryPrompt', { count: failedRows })}
            {result.error_count > errors.length &&
              ` ${t('import.firstErrors', { shown: errors.length, count: result.error_count })}`}
          </Alert>
          <DataGrid<ErrorRow>
            aria-label={t('import.errors')}
            rows={rows}
            columns={columns}
            autoHeight
            disableRowSelectionOnClick
            disableColumnFilter
            pageSizeOptions={[10, 25, 50]}
            initialState={{ pagination: { paginationModel: { pageSize: 10 } } }}
          />
        </>
      )}
    </Stack>
  );
}

/** /customers/import: an xlsx of customers in, counts and the refused rows out (spec §3, §8). */
export default function CustomerImportPage() {
  const { t } = useTranslation('customers');
  const downloadTemplate = useTemplate();
  const hint = useColumnHints();
  const upload = useUploadProgress();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The answer and the file it is about: the refused rows are given back from the file's own cells.
  const [result, setResult] = useState<{ answer: CustomerImportResult; file: File } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult({ answer: await importCustomers(file, upload.onProgress), file });
      setFile(null);
    } catch (failure) {
      if (!isApiError(failure)) throw failure;
      if (!failure.canceled) setError(failure);
    } finally {
      setBusy(false);
      upload.reset();
    }
  };

  const status =
    busy && upload.percent !== undefined && upload.percent < 100
      ? t('import.uploading', { percent: upload.percent })
      : busy
        ? t('import.processing')
        : undefined;

  return (
    <>
      <PageHeader
        title={t('import.title')}
        crumbs={[{ label: t('title'), to: '/customers' }, { label: t('import.title') }]}
        action={
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={downloadTemplate}>
            {t('import.template')}
          </Button>
        }
      />
      <Stack spacing={3}>
        <Card sx={{ p: 3 }}>
          <Stack spacing={2.5}>
            <Stack spacing={1}>
              <Typography variant="body2">{t('import.intro')}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('import.rules')}
              </Typography>
            </Stack>
            <Stack spacing={1}>
              <Typography variant="subtitle2">{t('import.columns')}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
                {customerImportColumns.map((column) => (
                  // The hint describes the chip; its name stays the column's label.
                  <Tooltip key={column} title={hint(column)} describeChild>
                    <Chip
                      size="small"
                      variant={required.has(column) ? 'filled' : 'outlined'}
                      color={required.has(column) ? 'primary' : 'default'}
                      label={
                        required.has(column)
                          ? `${t(`fields.${column}`)} (${t('import.required')})`
                          : t(`fields.${column}`)
                      }
                    />
                  </Tooltip>
                ))}
              </Stack>
            </Stack>
            <UploadField
              label={t('import.file')}
              value={file}
              onChange={(next) => {
                setFile(next);
                setError(null);
              }}
              accept={acceptPresets.excel}
              maxSize={CUSTOMER_IMPORT_MAX_BYTES}
              disabled={busy}
              progress={busy ? (upload.percent ?? 0) : undefined}
              error={error?.fields?.customer_data}
              name="customer_data"
            />
            {error && !error.fields?.customer_data && <Alert severity="error">{error.message}</Alert>}
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
              {status && (
                <Typography variant="body2" color="text.secondary" aria-live="polite">
                  {status}
                </Typography>
              )}
              <Button
                variant="contained"
                startIcon={<UploadFileOutlinedIcon />}
                disabled={!file}
                loading={busy}
                onClick={send}
              >
                {t('import.submit')}
              </Button>
            </Stack>
          </Stack>
        </Card>
        {result && (
          <Card sx={{ p: 3 }}>
            <ImportResult result={result.answer} file={result.file} />
          </Card>
        )}
      </Stack>
    </>
  );
}
