import type { Customer, CustomerListQuery, SegmentFilter } from '@avlu/contracts';
import PhoneInTalkOutlinedIcon from '@mui/icons-material/PhoneInTalkOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { DataTable } from '../../lib/data-table';
import { ExportButton } from '../../lib/excel/ExportButton';
import { formatDate } from '../../lib/i18n/dates';
import { usePermissions } from '../../lib/permissions';
import { ConsentIcons } from './ConsentIcons';
import { useChannelNames } from './channel-names';
import { customers, displayPhone, exportCustomers } from './customers.resource';
import { SegmentCount } from './filter/SegmentCount';
import { SegmentFilterBuilder } from './filter/SegmentFilterBuilder';
import { compileDraft, type Draft, draftOf, parseFilterParam } from './filter/segment-draft';

/** Spec §9: the smart search waits 3 seconds after the last keystroke (Enter searches at once). */
export const SMART_SEARCH_DELAY = 3000;
/** A change in the builder reaches the list and the count once the user pauses. */
const FILTER_DELAY = 400;

const dash = '—';

const useColumns = (): GridColDef<Customer>[] => {
  const { t } = useTranslation('customers');
  const channels = useChannelNames();
  return useMemo(
    () => [
      {
        field: 'customer_name',
        minWidth: 84,
        flex: 1,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: 1 }}>
            <Typography variant="body2" noWrap>
              {row.customer_name ?? dash}
            </Typography>
            {row.customer_is_developer && (
              <Chip size="small" color="warning" variant="outlined" label={t('developer')} />
            )}
          </Stack>
        ),
      },
      { field: 'customer_surname', minWidth: 84, flex: 1, valueFormatter: (value) => value ?? dash },
      {
        field: 'customer_phone',
        width: 132,
        sortable: false,
        valueFormatter: (value: string) => displayPhone(value),
      },
      {
        field: 'customer_email',
        minWidth: 134,
        flex: 1.4,
        sortable: false,
        // A long address is cut; the whole of it shows on hover.
        renderCell: ({ value }) => (
          <Box
            component="span"
            title={value ?? undefined}
            sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {value ?? dash}
          </Box>
        ),
      },
      {
        field: 'customer_gender',
        width: 100,
        sortable: false,
        valueFormatter: (value: Customer['customer_gender']) => t(`list.genders.${value}`),
      },
      // Room for the sort arrow beside the header.
      { field: 'age', width: 76, valueFormatter: (value) => value ?? dash },
      { field: 'customer_province', width: 104, valueFormatter: (value) => value ?? dash },
      {
        field: 'channel_id',
        headerName: t('list.channel'),
        minWidth: 80,
        flex: 0.8,
        sortable: false,
        valueFormatter: (value: string | null) =>
          value ? (channels.names.get(value) ?? t('unknownChannel')) : dash,
      },
      {
        field: 'consents',
        width: 114,
        sortable: false,
        renderCell: ({ row }) => <ConsentIcons customer={row} />,
      },
      {
        field: 'createdAt',
        width: 164,
        valueFormatter: (value: string) => formatDate(value),
      },
    ],
    // `t` changes with the language, which re-formats the dates; channel names arrive after the first page.
    [t, channels.names],
  );
};

/** The filter kept in the URL (so reload and back keep it), and the keyword the table keeps there. */
const useUrlFilter = () => {
  const [params] = useSearchParams();
  const raw = params.get('filter');
  const filter = useMemo(() => parseFilterParam(raw), [raw]);
  return { filter, keyword: params.get('keyword') ?? '' };
};

/**
 * The builder holds its draft itself, so typing in it re-renders only the builder; the finished
 * conditions reach the URL, and with it the list and the count, once the user pauses.
 */
function FilterCard({ filter }: { filter: SegmentFilter }) {
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filter));
  // Compared as the URL reads them back, so key order or an emptied bound is no change.
  const compiled = useMemo(
    () => JSON.stringify(parseFilterParam(JSON.stringify(compileDraft(draft)))),
    [draft],
  );
  const inUrl = JSON.stringify(filter);
  const applied = useRef(inUrl);

  // Back, forward or the menu link changed the URL's filter: the builder shows it.
  useEffect(() => {
    if (inUrl === applied.current) return;
    applied.current = inUrl;
    setDraft(draftOf(parseFilterParam(inUrl)));
  }, [inUrl]);

  useEffect(() => {
    if (compiled === applied.current) return;
    const timer = setTimeout(() => {
      applied.current = compiled;
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (compiled === '[]') next.delete('filter');
          else next.set('filter', compiled);
          // Page 4 of the old segment means nothing in the new one.
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, FILTER_DELAY);
    return () => clearTimeout(timer);
  }, [compiled, setParams]);

  return (
    <Card sx={{ p: 3 }}>
      <SegmentFilterBuilder draft={draft} onChange={setDraft} summary={<SegmentCount filter={filter} />} />
    </Card>
  );
}

function CustomersExportButton({ filter, keyword }: { filter: SegmentFilter; keyword: string }) {
  const { t } = useTranslation('customers');
  return (
    <ExportButton
      label={t('export.button')}
      download={(onProgress) => exportCustomers({ filter, ...(keyword && { keyword }) }, onProgress)}
      done={t('export.done')}
    />
  );
}

/** /customers and /customers/filter: the segment builder, its live count, the smart search and the list. */
export default function CustomersPage() {
  const { t } = useTranslation('customers');
  const { canVisit } = usePermissions();
  const columns = useColumns();
  const { filter, keyword } = useUrlFilter();
  const params = useMemo(() => ({ filter }) as Omit<CustomerListQuery, 'pagination'>, [filter]);

  return (
    <>
      <PageHeader
        title={t('list.title')}
        crumbs={[{ label: t('title'), to: '/customers' }, { label: t('list.title') }]}
        action={
          <>
            {canVisit('/customers/search-by-phone') && (
              <Button
                component={RouterLink}
                to="/customers/search-by-phone"
                startIcon={<PhoneInTalkOutlinedIcon />}
              >
                {t('byPhone.title')}
              </Button>
            )}
            {canVisit('/customers/import') && (
              <Button component={RouterLink} to="/customers/import" startIcon={<UploadFileOutlinedIcon />}>
                {t('import.title')}
              </Button>
            )}
          </>
        }
      />
      <Stack spacing={3}>
        <FilterCard filter={filter} />
        <Card sx={{ p: 2 }}>
          <DataTable<Customer, CustomerListQuery>
            resource={customers}
            columns={columns}
            params={params}
            urlState
            label={t('list.title')}
            searchDelay={SMART_SEARCH_DELAY}
            searchPlaceholder={t('list.searchPlaceholder')}
            toolbar={<CustomersExportButton filter={filter} keyword={keyword} />}
            rowHref={(row) => `/customers/${row._id}/detail`}
          />
        </Card>
      </Stack>
    </>
  );
}
