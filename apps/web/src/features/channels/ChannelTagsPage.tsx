import type { ChannelType } from '@avlu/contracts';
import Card from '@mui/material/Card';
import type { GridColDef } from '@mui/x-data-grid';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { CreateButton } from '../../components/page-header/CreateButton';
import { PageHeader } from '../../components/page-header/PageHeader';
import { DataTable, DeleteAction, EditAction } from '../../lib/data-table';
import { channelTypes } from './channels.resource';
import type { DeleteRouteState } from './delete-route';

/** /registration/channel-tags: the types channels are grouped by (spec §3 "Channel type"). */
export default function ChannelTagsPage() {
  const { t } = useTranslation('channels');
  const navigate = useNavigate();
  const { search } = useLocation();
  const columns = useMemo<GridColDef<ChannelType>[]>(
    () => [
      { field: 'channel_type_name', flex: 1, minWidth: 220 },
      {
        field: 'channel_type_exp',
        sortable: false,
        flex: 2,
        minWidth: 260,
        valueGetter: (value: string) => value || '—',
      },
    ],
    [],
  );
  return (
    <>
      <PageHeader
        title={t('tags.title')}
        crumbs={[{ label: t('group') }, { label: t('tags.title') }]}
        action={<CreateButton to="/registration/channel-tags/new">{t('tags.create')}</CreateButton>}
      />
      <Card sx={{ p: 2 }}>
        <DataTable
          resource={channelTypes}
          columns={columns}
          labels="channels"
          urlState
          label={t('tags.title')}
          actionsWidth={100}
          rowActions={(row) => (
            <>
              <EditAction onClick={() => navigate(`/registration/channel-tags/${row._id}/edit`)} />
              <DeleteAction
                onClick={() =>
                  navigate(
                    { pathname: `/registration/channel-tags/${row._id}/delete`, search },
                    { state: { name: row.channel_type_name } satisfies DeleteRouteState },
                  )
                }
              />
            </>
          )}
        />
      </Card>
      {/* The delete route's question; the list stays on screen while its code loads. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
