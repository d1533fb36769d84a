import type { LendingItem } from '@avlu/contracts';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { ItemDialog } from './ItemDialog';
import { lendingItems } from './lending.resource';
import './texts';

const useColumns = (): GridColDef<LendingItem>[] => {
  const { t } = useTranslation('lending');
  return useMemo(
    () => [
      {
        field: 'itemName',
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', height: 1, minWidth: 0 }}>
            <Avatar variant="rounded" src={row.itemImage} alt="" sx={{ width: 32, height: 32 }}>
              <Inventory2OutlinedIcon fontSize="small" />
            </Avatar>
            <Typography variant="body2" noWrap>
              {row.itemName}
            </Typography>
          </Stack>
        ),
      },
      { field: 'itemNo', width: 120 },
      {
        field: 'status',
        width: 150,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.status === 'active' ? 'success' : 'default'}
            label={t(`itemStatuses.${row.status}`)}
          />
        ),
      },
      {
        field: 'item_lent_to',
        headerName: t('items.lentTo'),
        minWidth: 180,
        flex: 0.6,
        sortable: false,
        valueGetter: (_, row) =>
          row.item_lent_to
            ? `${row.item_lent_to.customer_name} ${row.item_lent_to.customer_surname}`
            : t('items.free'),
      },
      { field: 'item_queue_length', headerName: t('items.queue'), width: 100, type: 'number' },
    ],
    [t],
  );
};

/** /lending/lendible-items: what the mall lends, who has each item and how many wait (issue 17 #3). */
export default function LendibleItemsPage() {
  const { t } = useTranslation('lending');
  const columns = useColumns();
  const [editing, setEditing] = useState<LendingItem | null | undefined>(undefined);
  return (
    <>
      <ResourceListPage<LendingItem>
        resource={lendingItems}
        columns={columns}
        labels="lending"
        title={t('items.title')}
        crumbs={[{ label: t('group'), to: '/lending' }, { label: t('items.title') }]}
        searchable={false}
        // The data grid pages at most 100 rows; the lending dialog's picker loads every item (limit 1000).
        defaultPageSize={100}
        pageSizeOptions={[25, 50, 100]}
        headerActions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {t('items.create')}
          </Button>
        }
        emptyState={{ text: t('items.empty') }}
        rowHref={() => undefined}
        rowName={(row) => `${row.itemNo} ${row.itemName}`}
        rowActions={{
          extra: (row) => (
            <Tooltip title={t('items.edit')}>
              <IconButton aria-label={`${t('items.edit')}: ${row.itemNo}`} onClick={() => setEditing(row)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ),
        }}
      />
      {editing !== undefined && <ItemDialog item={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
