import {
  type Receipt,
  type ReceiptFilter,
  type ReceiptSource,
  type ReceiptStatus,
  receiptSources,
  receiptStatuses,
} from '@avlu/contracts';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { ExportButton } from '../../lib/excel/ExportButton';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { CustomerCell } from '../customers/CustomerCell';
import { fullName } from '../customers/customers.resource';
import { useMallTimezone } from '../locations/my-locations';
import { useAllStores } from '../stores/stores.resource';
import { formatMoney, receiptStatusColor, useReceiptWords } from './receipt-words';
import { dayBound, exportReceipts, RECEIPTS_PATH, receipts } from './receipts.resource';

/** The filter's URL parameters; `status` absent means the review queue (pending), `all` every status. */
const FILTER_KEYS = ['status', 'store', 'source', 'from', 'to', 'min', 'max'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const DEFAULT_STATUS: ReceiptStatus = 'pending';

const amountOf = (text: string | null) => {
  if (!text) return undefined;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};
const isDay = (text: string | null): text is string => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The list's filter as the URL holds it, for the table and the export alike. */
const useReceiptFilter = () => {
  const [params, setParams] = useSearchParams();
  const value = (key: FilterKey) => params.get(key) ?? '';
  const status = params.get('status') ?? DEFAULT_STATUS;
  const timezone = useMallTimezone();
  const filter = useMemo<ReceiptFilter>(() => {
    const get = (key: FilterKey) => params.get(key);
    const statusParam = get('status') ?? DEFAULT_STATUS;
    const store = get('store');
    const source = get('source');
    const from = get('from');
    const to = get('to');
    return {
      ...((receiptStatuses as readonly string[]).includes(statusParam) && {
        receipt_status: [statusParam as ReceiptStatus],
      }),
      ...(store && /^[0-9a-f]{24}$/.test(store) && { store_id: store }),
      ...((receiptSources as readonly string[]).includes(source ?? '') && {
        receipt_source: source as ReceiptSource,
      }),
      ...(isDay(from) && { receipt_date_from: dayBound(from, 'start', timezone) }),
      ...(isDay(to) && { receipt_date_to: dayBound(to, 'end', timezone) }),
      ...(amountOf(get('min')) !== undefined && { receipt_amount_min: amountOf(get('min')) }),
      ...(amountOf(get('max')) !== undefined && { receipt_amount_max: amountOf(get('max')) }),
    };
  }, [params, timezone]);
  const set = (key: FilterKey, next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === '' && key !== 'status') updated.delete(key);
        else updated.set(key, next);
        // A new filter shows the first page again.
        updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  const clear = () =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        for (const key of FILTER_KEYS) updated.delete(key);
        updated.delete('page');
        return updated;
      },
      { replace: true },
    );
  const active = FILTER_KEYS.some((key) => params.has(key));
  return { filter, status, value, set, clear, active, keyword: params.get('keyword') ?? undefined };
};

const useColumns = (): GridColDef<Receipt>[] => {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const words = useReceiptWords();
  return useMemo(() => {
    const points = new Intl.NumberFormat(language === 'en' ? 'en' : 'tr-TR');
    const header = (field: string) => t(`receipts.columns.${field}`);
    return [
      {
        field: 'receipt_thumbnail_url',
        headerName: header('photo'),
        sortable: false,
        width: 72,
        renderCell: ({ row }) =>
          row.receipt_thumbnail_url ? (
            <Box
              component="img"
              src={row.receipt_thumbnail_url}
              alt={t('receipts.photo.thumbnail', { no: row.receipt_no })}
              loading="lazy"
              sx={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 1, verticalAlign: 'middle' }}
            />
          ) : (
            <PictureAsPdfOutlinedIcon titleAccess={t('receipts.photo.pdf')} color="action" />
          ),
      },
      {
        field: 'customer_name',
        headerName: header('customer'),
        sortable: false,
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) => <CustomerCell name={fullName(row)} phone={row.customer_phone} />,
      },
      { field: 'store_name', headerName: header('store_name'), sortable: false, flex: 1, minWidth: 140 },
      { field: 'receipt_no', headerName: header('receipt_no'), width: 120 },
      {
        field: 'receipt_date',
        headerName: header('receipt_date'),
        width: 150,
        valueFormatter: (value: string) => formatDateTime(value),
      },
      {
        field: 'receipt_amount',
        headerName: header('receipt_amount'),
        width: 130,
        type: 'number',
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number, row: Receipt) => formatMoney(value, row.currency, language),
      },
      {
        field: 'receipt_status',
        headerName: header('receipt_status'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={receiptStatusColor[row.receipt_status]}
            label={words.status[row.receipt_status]}
          />
        ),
      },
      {
        field: 'receipt_source',
        headerName: header('receipt_source'),
        sortable: false,
        width: 110,
        valueFormatter: (value: ReceiptSource) => words.source[value],
      },
      {
        field: 'receipt_is_duplicate',
        headerName: header('receipt_is_duplicate'),
        sortable: false,
        width: 150,
        renderCell: ({ row }) =>
          row.receipt_is_duplicate ? (
            <Chip size="small" variant="outlined" color="warning" label={t('receipts.duplicate')} />
          ) : null,
      },
      {
        field: 'receipt_calculated_points',
        headerName: header('receipt_calculated_points'),
        width: 90,
        type: 'number',
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (value: number | null) => (value === null ? '' : points.format(value)),
      },
    ];
  }, [language, t, words]);
};

function Filters({ state }: { state: ReturnType<typeof useReceiptFilter> }) {
  const { t } = useTranslation('loyalty');
  const words = useReceiptWords();
  const stores = useAllStores();
  const small = { size: 'small', sx: { minWidth: 150 } } as const;
  // The app's DD/MM/YYYY picker, not the browser's own field (mm/dd/yyyy in an English browser).
  const day = (bound: 'from' | 'to') => (
    <DatePicker
      format="DD/MM/YYYY"
      label={t(bound === 'from' ? 'receipts.filters.dateFrom' : 'receipts.filters.dateTo')}
      value={state.value(bound) ? dayjs(state.value(bound)) : null}
      onChange={(date) => state.set(bound, date?.isValid() ? date.format('YYYY-MM-DD') : '')}
      slotProps={{ textField: { size: 'small', sx: { width: 190 } }, field: { clearable: true } }}
    />
  );
  const amount = {
    size: 'small',
    type: 'number',
    sx: { width: 130 },
    slotProps: { htmlInput: { min: 0, step: '0.01' } },
  } as const;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        select
        {...small}
        label={t('receipts.filters.status')}
        value={state.status}
        onChange={(event) => state.set('status', event.target.value)}
      >
        <MenuItem value="all">{t('receipts.filters.allStatuses')}</MenuItem>
        {receiptStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {words.status[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        {...small}
        sx={{ minWidth: 180 }}
        label={t('receipts.filters.store')}
        value={stores.data ? state.value('store') : ''}
        onChange={(event) => state.set('store', event.target.value)}
      >
        <MenuItem value="">{t('receipts.filters.allStores')}</MenuItem>
        {(stores.data ?? []).map((store) => (
          <MenuItem key={store._id} value={store._id}>
            {store.store_name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        {...small}
        label={t('receipts.filters.source')}
        value={state.value('source')}
        onChange={(event) => state.set('source', event.target.value)}
      >
        <MenuItem value="">{t('receipts.filters.allSources')}</MenuItem>
        {receiptSources.map((source) => (
          <MenuItem key={source} value={source}>
            {words.source[source]}
          </MenuItem>
        ))}
      </TextField>
      {day('from')}
      {day('to')}
      <TextField
        {...amount}
        label={t('receipts.filters.amountMin')}
        value={state.value('min')}
        onChange={(event) => state.set('min', event.target.value)}
      />
      <TextField
        {...amount}
        label={t('receipts.filters.amountMax')}
        value={state.value('max')}
        onChange={(event) => state.set('max', event.target.value)}
      />
      {state.active && <Button onClick={state.clear}>{t('receipts.filters.clear')}</Button>}
    </Stack>
  );
}

/** /loyalty/receipts: the mall's receipts, the review queue (pending) first; filters and export. */
export default function ReceiptsPage() {
  const { t } = useTranslation('loyalty');
  const columns = useColumns();
  const state = useReceiptFilter();
  const params = useMemo(() => ({ filter: state.filter }), [state.filter]);
  return (
    <ResourceListPage
      resource={receipts}
      columns={columns}
      params={params}
      title={t('receipts.title')}
      crumbs={[{ label: t('title') }, { label: t('receipts.title') }]}
      searchPlaceholder={t('receipts.search')}
      emptyState={{ text: t('receipts.empty') }}
      rowHref={(row) => `${RECEIPTS_PATH}/${row._id}`}
      rowName={(row) => t('receipts.rowName', { no: row.receipt_no, store: row.store_name ?? '' })}
      gridProps={{ rowHeight: 56 }}
      headerActions={
        <ExportButton
          label={t('receipts.export')}
          download={(onProgress) =>
            exportReceipts(
              { filter: state.filter, ...(state.keyword && { keyword: state.keyword }) },
              onProgress,
            )
          }
          done={t('receipts.exported')}
        />
      }
      toolbar={<Filters state={state} />}
      rowActions={{
        remove: {
          confirm: t('receipts.deleteTitle'),
          describe: (row) => t('receipts.deleteText', { no: row.receipt_no }),
          disabled: (row) => row.receipt_status === 'approved',
        },
      }}
    />
  );
}
