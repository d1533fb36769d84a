import {
  editableNotificationStates,
  type NotificationKind,
  type NotificationState,
  notificationStates,
  type SmsNotification,
} from '@avlu/contracts';
import AssessmentOutlinedIcon from '@mui/icons-material/AssessmentOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import UndoOutlinedIcon from '@mui/icons-material/UndoOutlined';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useConfirm } from '../../components/confirm-dialog';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { RowAction } from '../../lib/data-table';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { useMallTimezone } from '../locations/my-locations';
import {
  type AnyNotification,
  fieldOf,
  notificationResources,
  potentialOf,
  scheduledOf,
  stateOf,
  titleOf,
  useApprove,
  useSend,
  useWithdraw,
} from './marketing.resource';
import { NotificationStateChip } from './NotificationStateChip';
import './texts';

export const kindBase = (kind: NotificationKind) => `/marketing/${kind}-notifications`;
export const isEditable = (state: NotificationState) => editableNotificationStates.includes(state);
const hasReport = (kind: NotificationKind) => kind !== 'push';

/** The columns particular to a kind, after its title. */
const useColumns = (kind: NotificationKind): GridColDef<AnyNotification>[] => {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const timezone = useMallTimezone();
  return useMemo(() => {
    const count = new Intl.NumberFormat(language);
    const numeric = {
      type: 'number',
      align: 'left',
      headerAlign: 'left',
      sortable: false,
      width: 110,
      valueFormatter: (value: number) => count.format(value),
    } as const;
    const title: GridColDef<AnyNotification> = {
      field:
        kind === 'push'
          ? 'push_notification_text_tr'
          : kind === 'sms'
            ? 'sms_notification_title'
            : 'email_notification_subject',
      headerName: t(`${kind}.titleColumn`),
      flex: 1,
      minWidth: 180,
      sortable: kind !== 'push',
      valueGetter: (_, row) => titleOf(kind, row),
    };
    const own: GridColDef<AnyNotification>[] =
      kind === 'sms'
        ? [
            {
              field: 'sms_notification_parts',
              headerName: t('list.parts'),
              ...numeric,
              width: 90,
            },
            {
              field: 'sms_notification_total_parts',
              headerName: t('list.totalParts'),
              ...numeric,
              valueGetter: (_, row) => (row as SmsNotification).sms_notification_total_parts,
            },
          ]
        : kind === 'push'
          ? [
              {
                field: 'push_notification_type',
                headerName: t('push.type'),
                width: 130,
                sortable: false,
                valueFormatter: (value: string) => t(`push.types.${value}`),
              },
            ]
          : [
              {
                field: 'email_notification_content_type',
                headerName: t('email.contentType'),
                width: 140,
                sortable: false,
                valueFormatter: (value: string) => t(`email.contentTypes.${value}`),
              },
            ];
    return [
      title,
      {
        field: fieldOf(kind, 'state'),
        headerName: t('list.state'),
        width: 150,
        renderCell: ({ row }) => <NotificationStateChip state={stateOf(kind, row)} />,
      },
      {
        field: fieldOf(kind, 'scheduled_for_datetime'),
        headerName: t('list.scheduled'),
        width: 150,
        valueGetter: (_, row) => scheduledOf(kind, row),
        valueFormatter: (value: string | null) => (value ? formatDateTime(value, { timezone }) : '—'),
      },
      {
        field: fieldOf(kind, 'potential'),
        headerName: t('list.potential'),
        ...numeric,
        valueGetter: (_, row) => potentialOf(kind, row),
      },
      ...own,
    ];
  }, [kind, t, language, timezone]);
};

/** How often a list with a send in progress asks again, so its state follows the send. */
const SENDING_REFRESH = 5_000;

/** The kind's resource whose list refreshes itself while one of its rows is being sent. */
const refreshedWhileSending = (kind: NotificationKind) => {
  const resource = notificationResources[kind] as unknown as {
    useList: (query: never, options?: object) => unknown;
  };
  return {
    ...notificationResources[kind],
    useList: (query: never) =>
      resource.useList(query, {
        refetchInterval: ({ state }: { state: { data?: { data: AnyNotification[] } } }) =>
          state.data?.data.some((row) => stateOf(kind, row) === 'send_in_progress') ? SENDING_REFRESH : false,
      }),
  } as never;
};

/** The state filter, kept in the address (`?state=`). */
const useStateFilter = (kind: NotificationKind) => {
  const [params, setParams] = useSearchParams();
  const value = notificationStates.find((state) => state === params.get('state')) ?? '';
  const set = (next: string) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('state', next);
        else copy.delete('state');
        copy.delete('page');
        return copy;
      },
      { replace: true },
    );
  const filter = useMemo(() => (value ? { [fieldOf(kind, 'state')]: value } : undefined), [kind, value]);
  return { value, set, filter };
};

/**
 * /marketing/{push,sms,email}-notifications: one page of the kind's notifications with their state,
 * schedule (on the mall's clock) and reach; send now after a confirmation, report, edit and delete
 * while created or scheduled; approve, or withdraw (back to created) after a confirmation, while
 * waiting for approval.
 */
export function NotificationListPage({ kind }: { kind: NotificationKind }) {
  const { t, i18n } = useTranslation('marketing');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const columns = useColumns(kind);
  const stateFilter = useStateFilter(kind);
  const send = useSend(kind);
  const source = useMemo(() => refreshedWhileSending(kind), [kind]);
  const approve = useApprove(kind);
  const withdraw = useWithdraw(kind);
  const base = kindBase(kind);
  const params = useMemo(
    () => (stateFilter.filter ? { filter: stateFilter.filter } : {}),
    [stateFilter.filter],
  );
  const sendNow = async (row: AnyNotification) => {
    const ok = await confirm({
      title: t('send.title'),
      content: t('send.question', {
        name: titleOf(kind, row),
        count: potentialOf(kind, row),
        formatted: new Intl.NumberFormat(i18n.language).format(potentialOf(kind, row)),
      }),
      confirmText: t('send.confirm'),
    });
    if (ok) send.mutate(row._id);
  };
  const withdrawNow = async (row: AnyNotification) => {
    const ok = await confirm({
      title: t('withdraw.title'),
      content: t('withdraw.question', { name: titleOf(kind, row) }),
      confirmText: t('withdraw.confirm'),
    });
    if (ok) withdraw.mutate(row._id);
  };
  return (
    <ResourceListPage<AnyNotification>
      resource={source}
      columns={columns}
      params={params as never}
      labels="marketing"
      title={t(`${kind}.listTitle`)}
      crumbs={[{ label: t('title'), to: '/marketing' }, { label: t(`${kind}.listTitle`) }]}
      create={{ to: `${base}/new`, label: t(`${kind}.create`) }}
      searchPlaceholder={t('list.search')}
      toolbar={
        <TextField
          select
          size="small"
          label={t('list.state')}
          value={stateFilter.value}
          onChange={(event) => stateFilter.set(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('list.allStates')}</MenuItem>
          {notificationStates.map((state) => (
            <MenuItem key={state} value={state}>
              {t(`states.${state}`)}
            </MenuItem>
          ))}
        </TextField>
      }
      emptyState={{ text: t(`${kind}.empty`) }}
      actionsWidth={hasReport(kind) ? 250 : 210}
      rowHref={(row) =>
        isEditable(stateOf(kind, row))
          ? `${base}/${row._id}/edit`
          : hasReport(kind)
            ? `${base}/${row._id}/report`
            : undefined
      }
      rowName={(row) => titleOf(kind, row)}
      rowActions={{
        extra: (row) => (
          <>
            <RowAction
              label={t('send.action')}
              icon={<SendOutlinedIcon fontSize="small" />}
              disabled={!isEditable(stateOf(kind, row)) || send.isPending}
              onClick={() => void sendNow(row)}
            />
            {stateOf(kind, row) === 'waiting_for_approval' && (
              <RowAction
                label={t('approve')}
                icon={<TaskAltOutlinedIcon fontSize="small" />}
                disabled={approve.isPending}
                onClick={() => approve.mutate(row._id)}
              />
            )}
            {stateOf(kind, row) === 'waiting_for_approval' && (
              <RowAction
                label={t('withdraw.action')}
                icon={<UndoOutlinedIcon fontSize="small" />}
                disabled={withdraw.isPending}
                onClick={() => void withdrawNow(row)}
              />
            )}
            {hasReport(kind) && (
              <RowAction
                label={t('report.action')}
                icon={<AssessmentOutlinedIcon fontSize="small" />}
                disabled={isEditable(stateOf(kind, row))}
                onClick={() => navigate(`${base}/${row._id}/report`)}
              />
            )}
          </>
        ),
        edit: {
          to: (row) => `${base}/${row._id}/edit`,
          disabled: (row) => !isEditable(stateOf(kind, row)),
        },
        remove: {
          confirm: t(`${kind}.deleteTitle`),
          describe: (row) => titleOf(kind, row),
          disabled: (row) => !isEditable(stateOf(kind, row)),
        },
      }}
    />
  );
}
