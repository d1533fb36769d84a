import {
  type Campaign,
  type CampaignListQuery,
  type CampaignState,
  type CampaignStatus,
  type CampaignType,
  campaignStates,
  campaignStatusChangeProblem,
  campaignTypes,
  campaignTypesWithCodePool,
} from '@avlu/contracts';
import ArchiveOutlinedIcon from '@mui/icons-material/ArchiveOutlined';
import ConfirmationNumberOutlinedIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import LocalParkingOutlinedIcon from '@mui/icons-material/LocalParkingOutlined';
import PublishOutlinedIcon from '@mui/icons-material/PublishOutlined';
import QueryStatsOutlinedIcon from '@mui/icons-material/QueryStatsOutlined';
import UnpublishedOutlinedIcon from '@mui/icons-material/UnpublishedOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { RowAction, useUrlFilters } from '../../lib/data-table';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { useCampaignColumns } from './campaign-columns';
import { campaignName, campaigns, useQrCodeChange, useStatusChange } from './campaigns.resource';

const readList = <Value extends string>(raw: string | null, allowed: readonly Value[]): Value[] =>
  (raw ?? '').split(',').filter((value): value is Value => (allowed as readonly string[]).includes(value));

/** The type and state filters, kept in the URL (`?type=coupon,code&state=activated`) like the table's own state. */
const useCampaignFilters = () => {
  const { params, set: setFilter } = useUrlFilters();
  const rawTypes = params.get('type');
  const rawStates = params.get('state');
  const types = useMemo(() => readList(rawTypes, campaignTypes), [rawTypes]);
  const states = useMemo(() => readList(rawStates, campaignStates), [rawStates]);
  const set = (key: 'type' | 'state', values: string[]) => setFilter(key, values.join(','));
  return {
    types,
    states,
    setTypes: (v: string[]) => set('type', v),
    setStates: (v: string[]) => set('state', v),
  };
};

function MultiFilter<Value extends string>({
  label,
  options,
  value,
  onChange,
  labelOf,
}: {
  label: string;
  options: readonly Value[];
  value: Value[];
  onChange: (value: string[]) => void;
  labelOf: (value: Value) => string;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 180, maxWidth: 260 }}
      slotProps={{
        select: {
          multiple: true,
          displayEmpty: true,
          renderValue: (selected) => {
            const chosen = selected as Value[];
            return chosen.length ? chosen.map(labelOf).join(', ') : t('list.all');
          },
          onChange: (event) => onChange(event.target.value as unknown as string[]),
        },
        inputLabel: { shrink: true },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option} value={option} dense>
          <Checkbox size="small" checked={value.includes(option)} tabIndex={-1} disableRipple />
          <ListItemText primary={labelOf(option)} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The publish, take back and archive buttons of a row, by what its stored status allows. */
function StatusActions({ row }: { row: Campaign }) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const confirm = useConfirm();
  const change = useStatusChange();
  const now = new Date();
  const run = (campaign_status: CampaignStatus) => change.mutate({ id: row._id, campaign_status });
  const archive = async () => {
    const yes = await confirm({
      title: t('archiveQuestion.title'),
      content: t('archiveQuestion.text', { name: campaignName(row, language) }),
      confirmText: t('actions.archive'),
      destructive: true,
    });
    if (yes) run('archived');
  };
  return (
    <>
      {row.campaign_status === 'to_be_published' && (
        <RowAction
          label={
            campaignStatusChangeProblem(row, 'published', now) === 'ended'
              ? t('actions.publishEnded')
              : t('actions.publish')
          }
          icon={<PublishOutlinedIcon fontSize="small" />}
          color="primary"
          disabled={change.isPending || campaignStatusChangeProblem(row, 'published', now) !== undefined}
          onClick={() => run('published')}
        />
      )}
      {row.campaign_status === 'published' && (
        <RowAction
          label={t('actions.unpublish')}
          icon={<UnpublishedOutlinedIcon fontSize="small" />}
          disabled={change.isPending}
          onClick={() => run('to_be_published')}
        />
      )}
      <RowAction
        label={t('actions.archive')}
        icon={<ArchiveOutlinedIcon fontSize="small" />}
        disabled={change.isPending}
        onClick={() => void archive()}
      />
    </>
  );
}

/** "Kodlar": the code pool's screen, for types with a pool and roles that may open it. */
function CodesAction({ row }: { row: Campaign }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const { canVisit } = usePermissions();
  const to = `/campaigns/add-coupons/${row._id}`;
  if (!campaignTypesWithCodePool.includes(row.campaign_type) || !canVisit(to)) return null;
  return (
    <RowAction
      label={t('coupons.action')}
      icon={<ConfirmationNumberOutlinedIcon fontSize="small" />}
      onClick={() => navigate(to)}
    />
  );
}

/**
 * The reports of a row: the code report for types with a code pool (a third party's imported codes
 * show their use there), the carpark report for parking campaigns.
 */
function ReportActions({ row }: { row: Campaign }) {
  const { t } = useTranslation('campaigns');
  const navigate = useNavigate();
  const { canVisit } = usePermissions();
  const codes = `/campaigns/${row._id}/code-report`;
  const carpark = `/campaigns/${row._id}/carpark-report`;
  return (
    <>
      {campaignTypesWithCodePool.includes(row.campaign_type) && canVisit(codes) && (
        <RowAction
          label={t('codeReport.action')}
          icon={<QueryStatsOutlinedIcon fontSize="small" />}
          onClick={() => navigate(codes)}
        />
      )}
      {row.campaign_type === 'parking' && canVisit(carpark) && (
        <RowAction
          label={t('carparkReport.action')}
          icon={<LocalParkingOutlinedIcon fontSize="small" />}
          onClick={() => navigate(carpark)}
        />
      )}
    </>
  );
}

/** The QR switch: the campaign offered to the QR code module, changed alone (spec §7). */
function QrSwitch({ row }: { row: Campaign }) {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const change = useQrCodeChange();
  const shown = change.isPending ? change.variables.campaign_is_qrcode : row.campaign_is_qrcode;
  return (
    <Switch
      size="small"
      checked={shown}
      disabled={change.isPending}
      slotProps={{
        input: {
          'aria-label': `${t('fields.campaign_is_qrcode')}: ${campaignName(row, language)}`,
          role: 'switch',
        },
      }}
      onChange={(_, on) => change.mutate({ id: row._id, campaign_is_qrcode: on })}
    />
  );
}

const qrColumn: GridColDef<Campaign>[] = [
  {
    field: 'campaign_is_qrcode',
    // The full name ('QR kod kampanyası') does not fit a switch's column; each switch is named in full.
    headerName: 'QR',
    width: 90,
    sortable: false,
    renderCell: ({ row }) => <QrSwitch row={row} />,
  },
];

/** /campaigns/list: every campaign not archived, with search, type and state filters and its actions. */
export default function CampaignsPage() {
  const { t } = useTranslation('campaigns');
  const language = useLanguage();
  const { canVisit } = usePermissions();
  const columns = useCampaignColumns(qrColumn);
  const filters = useCampaignFilters();
  const filtered = filters.types.length > 0 || filters.states.length > 0;
  const params = useMemo(
    () =>
      ({
        filter: {
          ...(filters.types.length && { campaign_type: filters.types }),
          ...(filters.states.length && { campaign_state: filters.states }),
        },
      }) as Omit<CampaignListQuery, 'pagination'>,
    [filters.types, filters.states],
  );
  return (
    <ResourceListPage<Campaign, CampaignListQuery>
      resource={campaigns}
      columns={columns}
      params={params}
      labels="campaigns"
      title={t('list.title')}
      crumbs={[{ label: t('group'), to: '/campaigns' }, { label: t('list.title') }]}
      create={{ to: '/campaigns/new', label: t('actions.create') }}
      headerActions={
        canVisit('/campaigns/archive') && (
          <Button component={RouterLink} to="/campaigns/archive" startIcon={<ArchiveOutlinedIcon />}>
            {t('archive.title')}
          </Button>
        )
      }
      searchPlaceholder={t('list.searchPlaceholder')}
      toolbar={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <MultiFilter<CampaignType>
            label={t('fields.campaign_type')}
            options={campaignTypes}
            value={filters.types}
            onChange={filters.setTypes}
            labelOf={(type) => t(`types.${type}`)}
          />
          <MultiFilter<CampaignState>
            label={t('list.state')}
            // Archived campaigns are the archive's.
            options={campaignStates.filter((state) => state !== 'archived')}
            value={filters.states}
            onChange={filters.setStates}
            labelOf={(state) => t(`states.${state}`)}
          />
        </Stack>
      }
      actionsWidth={290}
      rowName={(row) => campaignName(row, language)}
      // Filters that match nothing are an empty search, not an empty list to start filling.
      emptyState={filtered ? undefined : { text: t('list.empty') }}
      rowActions={{
        extra: (row) => (
          <>
            <CodesAction row={row} />
            <ReportActions row={row} />
            <StatusActions row={row} />
          </>
        ),
        edit: { to: (row) => `/campaigns/${row._id}/edit` },
        remove: { confirm: t('deleteTitle'), describe: (row) => campaignName(row, language) },
      }}
    />
  );
}
