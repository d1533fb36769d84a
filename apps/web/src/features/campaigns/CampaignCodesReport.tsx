import {
  type Campaign,
  type CouponReportDateField,
  type CouponReportFilter,
  type CouponReportRow,
  type CouponStatus,
  couponReportDateFields,
  couponStatuses,
  isObjectId,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useUrlFilters } from '../../lib/data-table';
import { ExportButton } from '../../lib/excel/ExportButton';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { CustomerCell } from '../customers/CustomerCell';
import { fullName } from '../customers/customers.resource';
import { useMallTimezone } from '../locations/my-locations';
import { dayBound } from '../loyalty/receipts.resource';
import { CouponStatusChip } from './CouponStatusChip';
import { campaignName, campaigns } from './campaigns.resource';
import { type CodeReportQuery, campaignCodes } from './code-report.resource';
import { exportCodes } from './coupons.resource';

export type ReportKind = 'codes' | 'carpark';

const FILTER_KEYS = ['status', 'date', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
const isDay = (text: string | null): text is string => !!text && /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The carpark report lists the codes handed out; "all" there means every status but ready. */
const handedOut = couponStatuses.filter((status) => status !== 'ready');

/** The report's filter as the URL holds it (`?status=used&date=used&from=2026-03-01`). */
const useReportFilter = (kind: ReportKind) => {
  const { params, change: update } = useUrlFilters();
  const timezone = useMallTimezone();
  const value = (key: FilterKey) => params.get(key) ?? '';
  const filter = useMemo<CouponReportFilter>(() => {
    const status = params.get('status');
    const date = params.get('date');
    const from = params.get('from');
    const to = params.get('to');
    const statuses = (couponStatuses as readonly string[]).includes(status ?? '')
      ? [status as CouponStatus]
      : kind === 'carpark'
        ? handedOut
        : undefined;
    return {
      ...(statuses && { coupon_status: statuses }),
      ...((couponReportDateFields as readonly string[]).includes(date ?? '') && {
        date_field: date as CouponReportDateField,
      }),
      ...(isDay(from) && { date_from: dayBound(from, 'start', timezone) }),
      ...(isDay(to) && { date_to: dayBound(to, 'end', timezone) }),
    };
  }, [params, timezone, kind]);
  const set = (key: FilterKey, text: string) =>
    update((next) => (text ? next.set(key, text) : next.delete(key)));
  const clear = () =>
    update((next) => {
      for (const key of FILTER_KEYS) next.delete(key);
    });
  const active = FILTER_KEYS.some((key) => params.has(key));
  // The list's keyword, as the list page keeps it in the URL: the export finds the same codes.
  const keyword = params.get('keyword')?.trim() || undefined;
  return { filter, value, set, clear, active, keyword };
};

function Filters({ kind, state }: { kind: ReportKind; state: ReturnType<typeof useReportFilter> }) {
  const { t } = useTranslation('campaigns');
  const statuses = kind === 'carpark' ? handedOut : couponStatuses;
  const day = (bound: 'from' | 'to') => (
    <DatePicker
      format="DD/MM/YYYY"
      label={t(bound === 'from' ? 'codeReport.filters.from' : 'codeReport.filters.to')}
      value={state.value(bound) ? dayjs(state.value(bound)) : null}
      onChange={(date) => state.set(bound, date?.isValid() ? date.format('YYYY-MM-DD') : '')}
      slotProps={{ textField: { size: 'small', sx: { width: 190 } }, field: { clearable: true } }}
    />
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        sx={{ minWidth: 160 }}
        label={t('codeReport.filters.status')}
        value={state.value('status')}
        onChange={(event) => state.set('status', event.target.value)}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('list.all')}</MenuItem>
        {statuses.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`coupons.statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        sx={{ minWidth: 170 }}
        label={t('codeReport.filters.dateField')}
        value={state.value('date') || 'given'}
        onChange={(event) => state.set('date', event.target.value === 'given' ? '' : event.target.value)}
      >
        {couponReportDateFields.map((field) => (
          <MenuItem key={field} value={field}>
            {t(`codeReport.dateFields.${field}`)}
          </MenuItem>
        ))}
      </TextField>
      {day('from')}
      {day('to')}
      {state.active && <Button onClick={state.clear}>{t('codeReport.filters.clear')}</Button>}
    </Stack>
  );
}

const useColumns = (kind: ReportKind, campaign: Campaign): GridColDef<CouponReportRow>[] => {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  return useMemo(() => {
    const header = (field: string) => t(`codeReport.columns.${field}`);
    const moment = (
      field: 'coupon_given_at' | 'coupon_used_at' | 'coupon_expires_at',
    ): GridColDef<CouponReportRow> => ({
      field,
      headerName: header(field),
      width: 160,
      valueFormatter: (value: string | null) => (value ? formatDateTime(value) : '—'),
    });
    const columns: (GridColDef<CouponReportRow> | false)[] = [
      {
        field: 'coupon_code',
        headerName: header('coupon_code'),
        width: 170,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
            <span style={{ fontFamily: 'monospace' }}>{row.coupon_code}</span>
            {row.coupon_source === 'imported' && kind === 'codes' && (
              <Chip size="small" variant="outlined" label={t('codeReport.imported')} />
            )}
          </Stack>
        ),
      },
      {
        field: 'coupon_status',
        headerName: header('coupon_status'),
        width: 130,
        renderCell: ({ row }) => <CouponStatusChip status={row.coupon_status} />,
      },
      {
        field: 'customer_name',
        headerName: header('customer'),
        sortable: false,
        flex: 1,
        minWidth: 170,
        renderCell: ({ row }) =>
          row.customer_id ? (
            <CustomerCell name={fullName(row) || t('form.unknownRecord')} phone={row.customer_phone} />
          ) : (
            '—'
          ),
      },
      kind === 'codes' && {
        field: 'channel_name',
        headerName: header('channel'),
        sortable: false,
        width: 150,
        valueGetter: (_value, row) =>
          row.coupon_status === 'ready'
            ? '—'
            : ((language === 'en' ? row.channel_name_en || row.channel_name : row.channel_name) ??
              t('codeReport.microSite')),
      },
      moment('coupon_given_at'),
      kind === 'carpark'
        ? {
            field: 'coupon_expires_at',
            headerName: header('valid_until'),
            width: 160,
            // The car park honours a code until its own expiry, else the campaign's end.
            valueGetter: (value: string | null) => value ?? campaign.campaign_end_date,
            valueFormatter: (value: string) => formatDateTime(value),
          }
        : moment('coupon_expires_at'),
      moment('coupon_used_at'),
    ];
    return columns.filter((column): column is GridColDef<CouponReportRow> => column !== false);
  }, [t, language, kind, campaign.campaign_end_date]);
};

/** What the report shows: its filter and keyword, which its export takes as they are. */
export type ShownCodes = { filter: CouponReportFilter; keyword?: string };

/** `POST /campaign/{id}/coupons/export` of the codes the report lists (its filter and keyword), as an xlsx. */
export function CodesExportButton({ campaign, shown }: { campaign: Campaign; shown: ShownCodes }) {
  const { t } = useTranslation('campaigns');
  return (
    <ExportButton
      label={t('coupons.export.submit')}
      download={(onProgress) => exportCodes(campaign._id, onProgress, shown)}
      done={t('coupons.export.done')}
    />
  );
}

function Report({
  kind,
  campaign,
  actions,
}: {
  kind: ReportKind;
  campaign: Campaign;
  actions: (shown: ShownCodes) => ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const state = useReportFilter(kind);
  const columns = useColumns(kind, campaign);
  const params = useMemo(
    () => ({ campaignId: campaign._id, filter: state.filter }) as Omit<CodeReportQuery, 'pagination'>,
    [campaign._id, state.filter],
  );
  const title = t(`${kind === 'codes' ? 'codeReport' : 'carparkReport'}.title`);
  const name = campaignName(campaign, language);
  return (
    <ResourceListPage<CouponReportRow, CodeReportQuery>
      resource={campaignCodes}
      columns={columns}
      params={params}
      title={`${title}: ${name}`}
      crumbs={[
        { label: t('group'), to: '/campaigns' },
        { label: t('list.title'), to: '/campaigns/list' },
        { label: `${title}: ${name}` },
      ]}
      headerActions={actions({ filter: state.filter, ...(state.keyword && { keyword: state.keyword }) })}
      searchPlaceholder={t('codeReport.search')}
      toolbar={<Filters kind={kind} state={state} />}
      emptyState={{ text: t(`${kind === 'codes' ? 'codeReport' : 'carparkReport'}.empty`) }}
      rowName={(row) => row.coupon_code}
    />
  );
}

/**
 * A campaign's code report or carpark report (spec §2): the campaign's codes, with status, holder,
 * desk and dates, filtered by status and a given or used date range, and the page's downloads
 * (`actions`, given what the report shows, so an export holds the codes listed). `applies` says
 * whether the campaign's type has such a report.
 */
export function CampaignCodesReport({
  kind,
  applies,
  actions,
}: {
  kind: ReportKind;
  applies: (campaign: Campaign) => boolean;
  actions: (campaign: Campaign, shown: ShownCodes) => ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const { campaignId } = useParams();
  const found = campaigns.useOne(isObjectId(campaignId) ? campaignId : undefined);
  const row = found.data;
  const problem = !isObjectId(campaignId)
    ? t('errors:NOT_FOUND')
    : (found.error?.message ??
      (row && !applies(row)
        ? t(`${kind === 'codes' ? 'codeReport' : 'carparkReport'}.notApplicable`)
        : undefined));
  if (row && !problem) return <Report kind={kind} campaign={row} actions={(shown) => actions(row, shown)} />;
  const title = t(`${kind === 'codes' ? 'codeReport' : 'carparkReport'}.title`);
  return (
    <>
      <PageHeader
        title={title}
        crumbs={[
          { label: t('group'), to: '/campaigns' },
          { label: t('list.title'), to: '/campaigns/list' },
          { label: title },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity={found.error ? 'error' : 'info'}>{problem}</Alert>
          <Button component={RouterLink} to="/campaigns/list">
            {t('backToList')}
          </Button>
        </Stack>
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
