import { type LoyaltyCustomerSummary, type LoyaltyCustomersFilter, loyaltyTierTitle } from '@avlu/contracts';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcardOutlined';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, RowAction } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { displayPhone, fullName } from '../customers/customers.resource';
import { useMallTimezone } from '../locations/my-locations';
import { loyaltyCustomers } from './loyalty-customers.resource';
import { dayBound } from './receipts.resource';
import { useAllTiers } from './tiers.resource';

/** What the filter fields hold: a tier id, point counts and days (YYYY-MM-DD) as typed; '' is none. */
const FILTER_FIELDS = [
  'tier',
  'balanceMin',
  'balanceMax',
  'earnedMin',
  'earnedMax',
  'lastReceiptFrom',
  'lastReceiptTo',
] as const;
type FilterField = (typeof FILTER_FIELDS)[number];
type FilterValues = Record<FilterField, string>;
const noFilter = Object.fromEntries(FILTER_FIELDS.map((field) => [field, ''])) as FilterValues;

const pointsOf = (text: string) => {
  const value = Number(text);
  return text !== '' && Number.isInteger(value) && value >= 0 ? value : undefined;
};

/** The typed values as the list's filter; a half-typed or reversed range is left to the server to name. */
const filterOf = (values: FilterValues, timezone: string): LoyaltyCustomersFilter => {
  const range = (key: keyof LoyaltyCustomersFilter, field: FilterField) =>
    pointsOf(values[field]) === undefined ? {} : { [key]: pointsOf(values[field]) };
  return {
    ...(values.tier && { loyalty_tier_id: [values.tier] }),
    ...range('point_balance_min', 'balanceMin'),
    ...range('point_balance_max', 'balanceMax'),
    ...range('point_earned_total_min', 'earnedMin'),
    ...range('point_earned_total_max', 'earnedMax'),
    ...(values.lastReceiptFrom && {
      last_receipt_date_from: dayBound(values.lastReceiptFrom, 'start', timezone),
    }),
    ...(values.lastReceiptTo && { last_receipt_date_to: dayBound(values.lastReceiptTo, 'end', timezone) }),
  };
};

function Filters({
  values,
  onChange,
}: {
  values: FilterValues;
  onChange: (field: FilterField, value: string) => void;
}) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const tiers = useAllTiers();
  const label = (field: FilterField) => t(`loyaltyCustomers.filters.${field}`);
  const points = (field: FilterField) => (
    <TextField
      size="small"
      type="number"
      sx={{ width: 150 }}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
      label={label(field)}
      value={values[field]}
      onChange={(event) => onChange(field, event.target.value)}
    />
  );
  // The app's DD/MM/YYYY picker, as on the receipts' filter.
  const day = (field: FilterField) => (
    <DatePicker
      format="DD/MM/YYYY"
      label={label(field)}
      value={values[field] ? dayjs(values[field]) : null}
      onChange={(date) => onChange(field, date?.isValid() ? date.format('YYYY-MM-DD') : '')}
      slotProps={{ textField: { size: 'small', sx: { width: 190 } }, field: { clearable: true } }}
    />
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 150 }}
        label={label('tier')}
        value={tiers.data ? values.tier : ''}
        onChange={(event) => onChange('tier', event.target.value)}
      >
        <MenuItem value="">{t('loyaltyCustomers.allTiers')}</MenuItem>
        {(tiers.data ?? []).map((tier) => (
          <MenuItem key={tier._id} value={tier._id}>
            {loyaltyTierTitle(tier, language)}
          </MenuItem>
        ))}
      </TextField>
      {points('balanceMin')}
      {points('balanceMax')}
      {points('earnedMin')}
      {points('earnedMax')}
      {day('lastReceiptFrom')}
      {day('lastReceiptTo')}
      {FILTER_FIELDS.some((field) => values[field] !== '') && (
        <Button
          onClick={() => {
            for (const field of FILTER_FIELDS) onChange(field, '');
          }}
        >
          {t('loyaltyCustomers.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The loyalty customers (issue 14 #7) on /loyalty/customer-loyalty before one is picked: the largest
 * balance first (the server's default), sortable by balance and lifetime points, searchable by name
 * and phone, filtered by tier, balance, lifetime points and the last approved receipt's days (the
 * mall's days); a row's action opens that customer's gifts.
 */
export function LoyaltyCustomersList({ onOpen }: { onOpen: (row: LoyaltyCustomerSummary) => void }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const timezone = useMallTimezone();
  const [values, setValues] = useState<FilterValues>(noFilter);
  // No filter key at all when nothing is chosen: the plain list's request, and its cache entry.
  const params = useMemo(() => {
    const filter = filterOf(values, timezone);
    return Object.keys(filter).length > 0 ? { filter } : {};
  }, [values, timezone]);
  const columns = useMemo((): GridColDef<LoyaltyCustomerSummary>[] => {
    const number = new Intl.NumberFormat(language);
    const header = (key: string) => t(`loyaltyCustomers.columns.${key}`);
    return [
      {
        field: 'customer',
        headerName: header('customer'),
        sortable: false,
        flex: 1,
        minWidth: 160,
        valueGetter: (_: unknown, row: LoyaltyCustomerSummary) => fullName(row),
      },
      {
        field: 'customer_phone',
        headerName: header('customer_phone'),
        sortable: false,
        width: 150,
        valueFormatter: (value: string) => displayPhone(value),
      },
      {
        field: 'point_balance',
        headerName: header('point_balance'),
        type: 'number',
        width: 120,
        valueFormatter: (value: number) => number.format(value),
      },
      {
        field: 'loyalty_tier_title',
        headerName: header('loyalty_tier_title'),
        sortable: false,
        width: 130,
        valueGetter: (_: unknown, row: LoyaltyCustomerSummary) =>
          row.loyalty_tier_title
            ? loyaltyTierTitle(
                {
                  loyalty_tier_title: row.loyalty_tier_title,
                  loyalty_tier_title_en: row.loyalty_tier_title_en,
                },
                language,
              )
            : t('points.noTier'),
      },
      {
        field: 'point_earned_total',
        headerName: header('point_earned_total'),
        type: 'number',
        width: 150,
        valueFormatter: (value: number) => number.format(value),
      },
      {
        field: 'last_receipt_date',
        headerName: header('last_receipt_date'),
        sortable: false,
        width: 170,
        valueFormatter: (value: string | null) => (value ? formatDateTime(value) : ''),
      },
    ];
  }, [language, t]);
  return (
    <DataTable
      resource={loyaltyCustomers}
      columns={columns}
      params={params}
      toolbar={
        <Filters
          values={values}
          onChange={(field, value) => setValues((old) => ({ ...old, [field]: value }))}
        />
      }
      label={t('loyaltyCustomers.title')}
      searchPlaceholder={t('loyaltyCustomers.searchPlaceholder')}
      getRowId={(row) => row.customer_id}
      rowName={(row) => fullName(row) || displayPhone(row.customer_phone)}
      emptyState={{ text: t('loyaltyCustomers.empty') }}
      rowActions={(row) => (
        <RowAction
          label={t('loyaltyCustomers.open')}
          icon={<CardGiftcardIcon fontSize="small" />}
          onClick={() => onOpen(row)}
        />
      )}
    />
  );
}
