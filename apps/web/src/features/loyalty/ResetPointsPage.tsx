import { type LoyaltyTier, loyaltyTierTitle, type ResetPoint } from '@avlu/contracts';
import PlaylistPlayOutlinedIcon from '@mui/icons-material/PlaylistPlayOutlined';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { useSnackbar } from 'notistack';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../components/confirm-dialog';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { isApiError } from '../../lib/api';
import { RowAction } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { previewResetPoint, queueResetPoint, resetPoints } from './reset-points.resource';
import { useAllTiers } from './tiers.resource';

const statusColor: Record<ResetPoint['reset_point_status'], ChipProps['color']> = {
  created: 'default',
  in_queue: 'warning',
  started: 'info',
  done: 'success',
};

const useColumns = (tiers: LoyaltyTier[] | undefined): GridColDef<ResetPoint>[] => {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  return useMemo(() => {
    const number = new Intl.NumberFormat(language);
    const titles = new Map((tiers ?? []).map((tier) => [tier._id, loyaltyTierTitle(tier, language)]));
    const targets = (row: ResetPoint) => {
      if (row.reset_point_type === 'tier')
        return row.reset_point_related_ids
          .map((id) => titles.get(id) ?? t('resetPoints.unknownTier'))
          .join(', ');
      if (row.reset_point_type === 'segment')
        return t('resetPoints.conditions', { count: row.reset_point_segment?.length ?? 0 });
      return t('resetPoints.everyone');
    };
    // Counts are the run's: nothing before it starts.
    const ran = (row: ResetPoint) =>
      row.reset_point_status === 'started' || row.reset_point_status === 'done';
    const numeric = { type: 'number', align: 'left', headerAlign: 'left', sortable: false } as const;
    return [
      { field: 'reset_point_name', flex: 1, minWidth: 220 },
      {
        field: 'reset_point_type',
        minWidth: 220,
        flex: 1,
        valueGetter: (_, row) => `${t(`resetPoints.types.${row.reset_point_type}`)}: ${targets(row)}`,
      },
      {
        field: 'reset_point_status',
        width: 150,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            color={statusColor[row.reset_point_status]}
            label={t(`resetPoints.statuses.${row.reset_point_status}`)}
          />
        ),
      },
      {
        field: 'reset_point_customer_count',
        width: 150,
        ...numeric,
        valueFormatter: (value: number, row) => (ran(row) ? number.format(value) : '—'),
      },
      {
        field: 'reset_point_point_total',
        width: 150,
        ...numeric,
        valueFormatter: (value: number, row) => (ran(row) ? number.format(value) : '—'),
      },
      { field: 'createdAt', width: 170, valueGetter: (_, row) => formatDateTime(row.createdAt) },
      {
        field: 'reset_point_finished_at',
        width: 170,
        sortable: false,
        valueGetter: (_, row) =>
          row.reset_point_finished_at ? formatDateTime(row.reset_point_finished_at) : '—',
      },
    ];
  }, [t, language, tiers]);
};

/**
 * /loyalty/reset-points (spec §2, §4): the mall's reset points with their state. A reset is changed or
 * deleted only while created; "Kuyruğa al" first shows whom it will touch (the preview) and that it
 * cannot be undone, then queues it for the job that resets the customers in batches.
 */
export default function ResetPointsPage() {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const { enqueueSnackbar } = useSnackbar();
  const confirm = useConfirm();
  const tiers = useAllTiers();
  const columns = useColumns(tiers.data);
  const queue = resetPoints.useAction(queueResetPoint, { success: 'loyalty:resetPoints.queued' });
  const editable = (row: ResetPoint) => row.reset_point_status === 'created';

  const askQueue = async (row: ResetPoint) => {
    let preview: Awaited<ReturnType<typeof previewResetPoint>>;
    try {
      preview = await previewResetPoint(row._id);
    } catch (error) {
      if (!(isApiError(error) && error.canceled))
        enqueueSnackbar(error instanceof Error ? error.message : String(error), { variant: 'error' });
      return;
    }
    const number = new Intl.NumberFormat(language);
    const content = t('resetPoints.queueText', {
      name: row.reset_point_name,
      count: preview.customer_count,
      customers: number.format(preview.customer_count),
      points: number.format(preview.point_total),
    });
    const confirmed = await confirm({
      title: t('resetPoints.queueTitle'),
      content,
      confirmText: t('resetPoints.queue'),
      destructive: true,
    });
    if (confirmed) await queue.mutateAsync(row._id).catch(() => undefined);
  };

  return (
    <ResourceListPage
      resource={resetPoints}
      columns={columns}
      labels="loyalty"
      urlState
      title={t('resetPoints.title')}
      crumbs={[{ label: t('title') }, { label: t('resetPoints.title') }]}
      create={{ to: '/loyalty/reset-points/new', label: t('resetPoints.create') }}
      emptyState={{ text: t('resetPoints.empty') }}
      actionsWidth={140}
      rowName={(row) => row.reset_point_name}
      rowActions={{
        extra: (row) => (
          <RowAction
            label={t('resetPoints.queue')}
            icon={<PlaylistPlayOutlinedIcon fontSize="small" />}
            disabled={!editable(row) || queue.isPending}
            onClick={() => void askQueue(row)}
          />
        ),
        edit: { to: (row) => `/loyalty/reset-points/${row._id}/edit`, disabled: (row) => !editable(row) },
        remove: {
          confirm: t('resetPoints.deleteTitle'),
          describe: (row) => t('resetPoints.deleteText', { name: row.reset_point_name }),
          disabled: (row) => !editable(row),
        },
      }}
    />
  );
}
