import type { Channel } from '@avlu/contracts';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { RowAction } from '../../lib/data-table';
import { useExport } from '../../lib/excel/use-export';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import {
  channelDescription,
  channelFlags,
  channelName,
  channels,
  exportChannel,
  useAllChannelTypes,
} from './channels.resource';

const shownFlags = channelFlags.filter((flag) => flag !== 'channel_status');

const useColumns = (): GridColDef<Channel>[] => {
  const { t } = useTranslation('channels');
  const language = useLanguage();
  const types = useAllChannelTypes();
  const typeNames = useMemo(
    () => new Map((types.data?.data ?? []).map((row) => [row._id, row.channel_type_name])),
    [types.data],
  );
  return useMemo(
    () => [
      {
        // Sorting follows the name on screen: the server sorts either language's name.
        field: language === 'en' ? 'channel_name_en' : 'channel_name',
        headerName: t('fields.name'),
        flex: 1,
        minWidth: 240,
        renderCell: ({ row }) => (
          <Stack sx={{ py: 1.5, minWidth: 0 }}>
            <Typography variant="subtitle2" noWrap>
              {channelName(row, language)}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {channelDescription(row, language)}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'channel_types',
        sortable: false,
        minWidth: 200,
        flex: 0.7,
        renderCell: ({ row }) => (
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, py: 1.5 }}>
            {row.channel_types.map((id) => (
              <Chip key={id} size="small" label={typeNames.get(id) ?? '…'} />
            ))}
          </Stack>
        ),
      },
      {
        field: 'channel_status',
        headerName: t('fields.status'),
        sortable: false,
        width: 110,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.channel_status ? 'success' : 'default'}
            label={row.channel_status ? t('status.open') : t('status.closed')}
          />
        ),
      },
      {
        field: 'flags',
        sortable: false,
        minWidth: 260,
        flex: 1,
        renderCell: ({ row }) => {
          const on = shownFlags.filter((flag) => row[flag]);
          return (
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, py: 1.5 }}>
              {on.length === 0 ? (
                <Typography variant="body2" color="text.disabled">
                  {t('noFlags')}
                </Typography>
              ) : (
                on.map((flag) => (
                  <Chip
                    key={flag}
                    size="small"
                    color={flag === 'channel_cdp_data_entry' ? 'primary' : 'default'}
                    variant={flag === 'channel_cdp_data_entry' ? 'filled' : 'outlined'}
                    label={t(`flagsShort.${flag}`)}
                  />
                ))
              )}
            </Stack>
          );
        },
      },
    ],
    [t, language, typeNames],
  );
};

/** /registration/channels: where customers register, with their types, state and switches (spec §7). */
export default function ChannelsPage() {
  const { t } = useTranslation('channels');
  const language = useLanguage();
  const columns = useColumns();
  // The export lists the channel's customers: the server also wants the customer list's subject.
  const canExport = usePermissions().canUseSubject('modules:customers:customer-list');
  const exporting = useExport();
  return (
    <ResourceListPage
      resource={channels}
      columns={columns}
      labels="channels"
      title={t('title')}
      crumbs={[{ label: t('group') }, { label: t('title') }]}
      create={{ to: '/registration/channels/new', label: t('actions.create') }}
      actionsWidth={140}
      gridProps={{
        // Rows grow with their chips; every cell, the actions too, stays centred in its row.
        getRowHeight: () => 'auto',
        sx: { '& .MuiDataGrid-cell': { display: 'flex', alignItems: 'center' } },
      }}
      rowActions={{
        extra: canExport
          ? (row) => (
              <RowAction
                label={(exporting.running === row._id && exporting.progress) || t('actions.export')}
                icon={
                  exporting.running === row._id ? (
                    <CircularProgress size={18} color="inherit" />
                  ) : (
                    <FileDownloadOutlinedIcon fontSize="small" />
                  )
                }
                disabled={exporting.busy}
                onClick={() =>
                  void exporting.run({
                    key: row._id,
                    download: (onProgress) => exportChannel(row._id, onProgress),
                    done: t('exported', { name: channelName(row, language) }),
                  })
                }
              />
            )
          : undefined,
        edit: { to: (row) => `/registration/channels/${row._id}/edit` },
        remove: {
          route: (row) => `/registration/channels/${row._id}/delete`,
          name: (row) => channelName(row, language),
        },
      }}
    />
  );
}
