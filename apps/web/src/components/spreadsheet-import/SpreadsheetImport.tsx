import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
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
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, isApiError, saveFile, type UploadProgress } from '../../lib/api';
import { type ImportErrors, type ImportReader, refusedRowsSheet } from '../../lib/excel/refused-rows';
import { type XlsxCell, xlsxBlob } from '../../lib/excel/xlsx';
import { useLanguage } from '../../lib/i18n/use-language';
import { acceptPresets, UploadField, useUploadProgress } from '../upload-field';

/** One count of an import's answer: added, already there, refused. */
export type ImportStatProps = {
  label: string;
  value: number;
  icon: ReactNode;
  color: 'success' | 'info' | 'error';
};

export function ImportStat({ label, value, icon, color }: ImportStatProps) {
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

type ErrorRow = ImportErrors['error_list'][number] & { id: number };

/** How a page's import reads and words its columns. */
export type ImportColumns<Column extends string> = {
  columns: readonly Column[];
  required: ReadonlySet<string>;
  /** A column's header in the screen's language (the words the export writes). */
  label: (column: Column) => string;
  /** What a column takes, in words: the chips' tooltips and the template's guide sheet. */
  hint: (column: Column) => string;
};

/**
 * The import template: the header row in the screen's language, as the server reads it (it also
 * takes the other language and the keys), and a guide sheet saying whether each column is required
 * and how to write it.
 */
export const useImportTemplate = <Column extends string>(
  { columns, required, label, hint }: ImportColumns<Column>,
  names: { file: string; sheet: string; guideSheet: string },
) => {
  const { t } = useTranslation('spreadsheet-import');
  return () =>
    saveFile({
      filename: names.file,
      blob: xlsxBlob([
        { name: names.sheet, rows: [columns.map(label)], widths: columns.map(() => 20) },
        {
          name: names.guideSheet,
          rows: [
            t('guideHeader', { returnObjects: true }) as string[],
            ...columns.map((column) => [
              label(column),
              required.has(column) ? t('yes') : t('no'),
              hint(column),
            ]),
          ],
        },
      ]),
    });
};

/** The header's template button. */
export function TemplateButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('spreadsheet-import');
  return (
    <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} onClick={onClick}>
      {t('template')}
    </Button>
  );
}

type ResultProps<Column extends string, Result extends ImportErrors> = {
  result: Result;
  file: File;
  reader: ImportReader<Column>;
  fieldName: (field: string | null) => string;
  stats: ImportStatProps[];
  allDone: string;
  retryPrompt: string;
};

function ImportResult<Column extends string, Result extends ImportErrors>({
  result,
  file,
  reader,
  fieldName,
  stats,
  allDone,
  retryPrompt,
}: ResultProps<Column, Result>) {
  const { t } = useTranslation('spreadsheet-import');
  const language = useLanguage();
  const errors = result.error_list;
  const rows = useMemo<ErrorRow[]>(() => errors.map((error, id) => ({ ...error, id })), [errors]);
  const columns = useMemo<GridColDef<ErrorRow>[]>(
    () => [
      {
        field: 'row',
        headerName: t('errorColumns.row'),
        width: 90,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
      },
      {
        field: 'field',
        headerName: t('errorColumns.field'),
        minWidth: 180,
        valueFormatter: (value: string | null) => fieldName(value),
      },
      { field: 'reason', headerName: t('errorColumns.reason'), flex: 1, minWidth: 260 },
    ],
    [t, fieldName],
  );
  const download = async () => {
    let sheet: XlsxCell[][];
    try {
      sheet = await refusedRowsSheet(reader, file, result, fieldName, language, t('reasonNotListed'));
    } catch {
      // A file this reader cannot open (the server read it): the errors alone, by row and column.
      sheet = [
        [t('errorColumns.row'), t('errorColumns.field'), t('errorColumns.reason')],
        ...errors.map((error) => [error.row, fieldName(error.field), error.reason]),
      ];
    }
    saveFile({ filename: t('errorsFile'), blob: xlsxBlob([{ name: t('errorsSheet'), rows: sheet }]) });
  };

  return (
    <Stack spacing={3} component="section" aria-label={t('result')}>
      <Typography variant="h6" component="h2">
        {t('result')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.max(stats.length, 2)}, 1fr)` },
        }}
      >
        {stats.map((stat) => (
          <ImportStat key={stat.color} {...stat} />
        ))}
      </Box>
      {errors.length === 0 ? (
        <Alert severity="success" icon={<CheckCircleOutlineIcon />}>
          {allDone}
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
                {t('downloadErrors')}
              </Button>
            }
          >
            {retryPrompt}
            {result.error_count > errors.length &&
              ` ${t('firstErrors', { shown: errors.length, count: result.error_count })}`}
          </Alert>
          <DataGrid<ErrorRow>
            aria-label={t('errors')}
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

export type SpreadsheetImportProps<
  Column extends string,
  Result extends ImportErrors,
> = ImportColumns<Column> & {
  /** The multipart field the server reads the file from: its errors land under the upload. */
  field: string;
  maxBytes: number;
  /** The files it takes; xlsx by default. */
  accept?: readonly string[];
  /** Holds the upload back while the page runs another call. */
  disabled?: boolean;
  intro: string;
  rules: string;
  send: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<Result>;
  reader: ImportReader<Column>;
  /** A refused row's column in words; null is the whole file. */
  fieldName?: (field: string | null) => string;
  stats: (result: Result) => ImportStatProps[];
  allDone: (result: Result) => string;
  /** What to do about the refused rows, given how many rows were refused. */
  retryPrompt: (result: Result, failedRows: number) => string;
};

/**
 * An xlsx (or, with `accept`, csv) import screen's body, the same for every import (customers,
 * stores, campaign codes…): what the file holds (intro, rules, column chips with their hints), the
 * upload with its progress and the server's refusal under it, then the answer's counts and the
 * refused rows, which can be taken back as the uploaded file's own rows with a reason column.
 */
export function SpreadsheetImport<Column extends string, Result extends ImportErrors>(
  props: SpreadsheetImportProps<Column, Result>,
) {
  const { t } = useTranslation('spreadsheet-import');
  const { columns, required, label, hint } = props;
  const upload = useUploadProgress();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  // The answer and the file it is about: the refused rows are given back from the file's own cells.
  const [result, setResult] = useState<{ answer: Result; file: File } | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const defaultFieldName = (field: string | null) =>
    field ? (columns.includes(field as Column) ? label(field as Column) : field) : t('wholeFile');
  const fieldName = props.fieldName ?? defaultFieldName;

  const send = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult({ answer: await props.send(file, upload.onProgress), file });
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
      ? t('uploading', { percent: upload.percent })
      : busy
        ? t('processing')
        : undefined;
  const fileError = error?.fields?.[props.field];

  return (
    <Stack spacing={3}>
      <Card sx={{ p: 3 }}>
        <Stack spacing={2.5}>
          <Stack spacing={1}>
            <Typography variant="body2">{props.intro}</Typography>
            <Typography variant="body2" color="text.secondary">
              {props.rules}
            </Typography>
          </Stack>
          <Stack spacing={1}>
            <Typography variant="subtitle2">{t('columns')}</Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {columns.map((column) => (
                // The hint describes the chip; its name stays the column's label.
                <Tooltip key={column} title={hint(column)} describeChild>
                  <Chip
                    size="small"
                    variant={required.has(column) ? 'filled' : 'outlined'}
                    color={required.has(column) ? 'primary' : 'default'}
                    label={required.has(column) ? `${label(column)} (${t('required')})` : label(column)}
                  />
                </Tooltip>
              ))}
            </Stack>
          </Stack>
          <UploadField
            label={t('file')}
            value={file}
            onChange={(next) => {
              setFile(next);
              setError(null);
            }}
            accept={props.accept ?? acceptPresets.excel}
            maxSize={props.maxBytes}
            disabled={busy || props.disabled}
            progress={busy ? (upload.percent ?? 0) : undefined}
            error={fileError}
            name={props.field}
          />
          {error && !fileError && <Alert severity="error">{error.message}</Alert>}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
            {status && (
              <Typography variant="body2" color="text.secondary" aria-live="polite">
                {status}
              </Typography>
            )}
            <Button
              variant="contained"
              startIcon={<UploadFileOutlinedIcon />}
              disabled={!file || props.disabled}
              loading={busy}
              onClick={send}
            >
              {t('submit')}
            </Button>
          </Stack>
        </Stack>
      </Card>
      {result && (
        <Card sx={{ p: 3 }}>
          <ImportResult
            result={result.answer}
            file={result.file}
            reader={props.reader}
            fieldName={fieldName}
            stats={props.stats(result.answer)}
            allDone={props.allDone(result.answer)}
            retryPrompt={props.retryPrompt(result.answer, result.answer.error_rows.length)}
          />
        </Card>
      )}
    </Stack>
  );
}
