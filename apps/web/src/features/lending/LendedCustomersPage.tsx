import { displayPhone, type Lending, type LendingFilter, lendingStatuses } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { useUrlFilters } from '../../lib/data-table';
import { ExportButton } from '../../lib/excel/ExportButton';
import { formatDateTime } from '../../lib/i18n/dates';
import { LendingDialog } from './LendingDialog';
import { changeLending, exportLendings, lendings } from './lending.resource';
import './texts';

const filterKeys = ['item', 'itemNo', 'lending_status', 'stStart', 'stEnd', 'etStart', 'etEnd'] as const;
type FilterKey = (typeof filterKeys)[number];

/** The §3 filter, kept in the address so a reload or a shared link shows the same list. */
const useFilter = () => {
  const { params, set: setFilter } = useUrlFilters();
  const key = params.toString();
  const values = useMemo(
    () =>
      Object.fromEntries(
        filterKeys.map((name) => [name, new URLSearchParams(key).get(name) ?? '']),
      ) as Record<FilterKey, string>,
    [key],
  );
  const filter = useMemo(
    () => Object.fromEntries(Object.entries(values).filter(([, value]) => value)) as LendingFilter,
    [values],
  );
  const set = (key: FilterKey, value: string) => setFilter(key, value);
  return { values, filter, set };
};

function Filters({ filter }: { filter: ReturnType<typeof useFilter> }) {
  const { t } = useTranslation('lending');
  const text = (key: FilterKey, label: string, type: 'text' | 'date' = 'text') => (
    <TextField
      size="small"
      type={type}
      label={label}
      value={filter.values[key]}
      onChange={(event) => filter.set(key, event.target.value)}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      sx={{ width: type === 'date' ? 170 : 180 }}
    />
  );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      {text('item', t('list.item'))}
      {text('itemNo', t('list.itemNo'))}
      <TextField
        select
        size="small"
        label={t('fields.lending_status')}
        value={filter.values.lending_status}
        onChange={(event) => filter.set('lending_status', event.target.value)}
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="">{t('list.allStates')}</MenuItem>
        {lendingStatuses.map((status) => (
          <MenuItem key={status} value={status}>
            {t(`statuses.${status}`)}
          </MenuItem>
        ))}
      </TextField>
      {text('stStart', t('list.stStart'), 'date')}
      {text('stEnd', t('list.stEnd'), 'date')}
      {text('etStart', t('list.etStart'), 'date')}
      {text('etEnd', t('list.etEnd'), 'date')}
      <ExportButton
        label={t('list.export')}
        download={(onProgress) => exportLendings(filter.filter, onProgress)}
        done={t('list.exported')}
      />
    </Stack>
  );
}

const statusColour = { in_queue: 'warning', started: 'info', done: 'default' } as const;

/** A cell of two lines: what it is, and under it in grey what tells it apart; either may wrap. */
function TwoLines({ main, sub }: { main: string; sub: string }) {
  return (
    <Box sx={{ py: 0.75, lineHeight: 1.35, whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
      <Typography variant="body2" component="span" sx={{ display: 'block' }}>
        {main}
      </Typography>
      <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
        {sub}
      </Typography>
    </Box>
  );
}

/**
 * The columns fit the list beside the side menu at 1440 px without scrolling sideways: the customer
 * over their phone, the item over its number, and the lending's start over its end, in one column each.
 */
const useColumns = (): GridColDef<Lending>[] => {
  const { t, i18n } = useTranslation('lending');
  // The language is read by formatDateTime: the columns are made again when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  return useMemo(() => {
    const moment = (value: string | null) => (value ? formatDateTime(value) : '—');
    return [
      {
        field: 'customer_name',
        headerName: t('list.customer'),
        flex: 1,
        minWidth: 160,
        sortable: false,
        valueGetter: (_, row) =>
          `${row.customer_name} ${row.customer_surname} · ${displayPhone(row.customer_phone)}`,
        renderCell: ({ row }) => (
          <TwoLines
            main={`${row.customer_name} ${row.customer_surname}`}
            sub={displayPhone(row.customer_phone)}
          />
        ),
      },
      {
        field: 'itemName',
        headerName: t('list.item'),
        flex: 0.8,
        minWidth: 140,
        sortable: false,
        valueGetter: (_, row) => `${row.itemNo} · ${row.itemName}`,
        renderCell: ({ row }) => <TwoLines main={row.itemName} sub={row.itemNo} />,
      },
      {
        field: 'lending_status',
        width: 115,
        sortable: false,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={statusColour[row.lending_status]}
            label={t(`statuses.${row.lending_status}`)}
          />
        ),
      },
      { field: 'createdAt', width: 145, sortable: false, valueGetter: (_, row) => moment(row.createdAt) },
      {
        field: 'lending_started_at',
        headerName: t('list.period'),
        width: 160,
        sortable: false,
        valueGetter: (_, row) => `${moment(row.lending_started_at)} – ${moment(row.lending_ended_at)}`,
        renderCell: ({ row }) => (
          <TwoLines main={moment(row.lending_started_at)} sub={moment(row.lending_ended_at)} />
        ),
      },
    ];
  }, [t, i18n.language]);
};

/** /lending/lended-customers: the lendings with the §3 filter; approve hands an item over, return takes it back. */
export default function LendedCustomersPage() {
  const { t } = useTranslation('lending');
  const columns = useColumns();
  const filter = useFilter();
  const [lending, setLending] = useState(false);
  const { enqueueSnackbar } = useSnackbar();
  // Spec §8: an approval that fails says 'Something went wrong', with the server's reason after it.
  const change = lendings.useAction(changeLending, {
    success: (result) =>
      result.lending_status === 'started' ? 'lending:list.approved' : 'lending:list.returned',
    error: false,
  });
  const failed = (error: unknown) =>
    enqueueSnackbar(
      `${t('list.failed')}${error instanceof Error && error.message ? `: ${error.message}` : ''}`,
      {
        variant: 'error',
      },
    );
  const params = useMemo(() => ({ filter: filter.filter }), [filter.filter]);
  return (
    <>
      <ResourceListPage<Lending>
        resource={lendings}
        columns={columns}
        params={params}
        urlState
        labels="lending"
        title={t('list.title')}
        crumbs={[{ label: t('group'), to: '/lending' }, { label: t('list.title') }]}
        searchable={false}
        toolbar={<Filters filter={filter} />}
        headerActions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setLending(true)}>
            {t('list.create')}
          </Button>
        }
        emptyState={{ text: t('list.empty') }}
        rowHref={() => undefined}
        rowName={(row) => `${row.customer_name} ${row.customer_surname} ${row.itemNo}`}
        actionsWidth={130}
        gridProps={{ getRowHeight: () => 'auto' }}
        rowActions={{
          extra: (row) =>
            row.lending_status === 'done' ? null : (
              <Button
                size="small"
                variant={row.lending_status === 'in_queue' ? 'contained' : 'outlined'}
                disabled={change.isPending}
                aria-label={`${row.lending_status === 'in_queue' ? t('list.approve') : t('list.return')}: ${row.customer_name} ${row.customer_surname}, ${row.itemNo}`}
                onClick={() =>
                  change.mutate(
                    { id: row._id, status: row.lending_status === 'in_queue' ? 'approved' : 'done' },
                    { onError: failed },
                  )
                }
              >
                {row.lending_status === 'in_queue' ? t('list.approve') : t('list.return')}
              </Button>
            ),
        }}
      />
      {lending && <LendingDialog onClose={() => setLending(false)} />}
    </>
  );
}
