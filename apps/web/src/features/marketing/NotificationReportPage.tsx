import {
  displayPhone,
  isObjectId,
  type ListQuery,
  type MessageState,
  messageStateLabels,
  type NotificationKind,
  type NotificationReport,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/page-header/PageHeader';
import { DataTable, type ListSource } from '../../lib/data-table';
import { ExportButton } from '../../lib/excel/ExportButton';
import { currentLanguage } from '../../lib/i18n';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { useMallTimezone } from '../locations/my-locations';
import { exportReport, notificationResources, stateOf, titleOf, useReport } from './marketing.resource';
import { kindBase } from './NotificationListPage';
import { NotificationStateChip } from './NotificationStateChip';
import './texts';

type Message = NotificationReport['messages']['data'][number];

/** The counts of issue 16 #6, in the report's order; SMS adds its parts. */
type CountKey =
  | 'recipients'
  | 'sent'
  | 'delivered'
  | 'failed'
  | 'opted_out'
  | 'skipped_no_consent'
  | 'in_doubt'
  | 'queued'
  | 'sms_parts';
const countKeys = (kind: NotificationKind): CountKey[] => [
  'recipients',
  'sent',
  'delivered',
  'failed',
  'opted_out',
  'skipped_no_consent',
  'in_doubt',
  'queued',
  ...(kind === 'sms' ? (['sms_parts'] as const) : []),
];

/** The report's page of messages as a list the DataTable pages through (`GET …/report?limit&currentPage`). */
const messagesOf = (kind: NotificationKind, id: string | undefined): ListSource<Message, ListQuery> => ({
  name: `marketing-${kind}-report`,
  useList: (query) => {
    const report = useReport(kind, id, query.pagination);
    return {
      data: report.data?.messages,
      error: report.error,
      isFetching: report.isFetching,
      isPlaceholderData: report.isPlaceholderData,
      refetch: report.refetch,
    };
  },
});

const stateColors: Partial<Record<MessageState, 'success' | 'error' | 'warning' | 'info'>> = {
  delivered: 'success',
  sent: 'info',
  failed: 'error',
  in_doubt: 'warning',
  skipped: 'warning',
  opted_out: 'warning',
};

/** /marketing/{sms,email}-notifications/{id}/report: the counts, the messages page by page, and the xlsx of all. */
export function NotificationReportPage({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const timezone = useMallTimezone();
  const { id } = useParams();
  const valid = isObjectId(id) ? id : undefined;
  const one = notificationResources[kind].useOne(valid);
  const report = useReport(kind, valid, { limit: 10, currentPage: 1 });
  const row = one.data;
  const name = row ? titleOf(kind, row as never) : t('report.title');
  const source = useMemo(() => messagesOf(kind, valid), [kind, valid]);
  const columns = useMemo<GridColDef<Message>[]>(() => {
    const moment = (value: string | null) => (value ? formatDateTime(value, { timezone }) : '—');
    return [
      {
        field: 'recipient',
        headerName: t('report.counts.recipient'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        // A phone as people write it (0532 890 61 24), an address as it is.
        valueFormatter: (value: string | null) =>
          value ? (kind === 'email' ? value : displayPhone(value)) : '—',
      },
      {
        field: 'message_state',
        headerName: t('report.counts.message_state'),
        width: 170,
        sortable: false,
        renderCell: ({ row: message }) => (
          <Chip
            size="small"
            variant="outlined"
            color={stateColors[message.message_state] ?? 'default'}
            label={messageStateLabels[message.message_state][currentLanguage()]}
          />
        ),
      },
      ...(kind === 'sms'
        ? [
            {
              field: 'message_parts',
              headerName: t('report.counts.message_parts'),
              width: 110,
              sortable: false,
            } satisfies GridColDef<Message>,
          ]
        : []),
      {
        field: 'message_sent_at',
        headerName: t('report.counts.message_sent_at'),
        width: 160,
        sortable: false,
        valueFormatter: moment,
      },
      {
        field: 'message_delivered_at',
        headerName: t('report.counts.message_delivered_at'),
        width: 160,
        sortable: false,
        valueFormatter: moment,
      },
      {
        field: 'message_error_code',
        headerName: t('report.counts.message_error_code'),
        width: 140,
        sortable: false,
        valueFormatter: (value: string | null) => value ?? '',
      },
    ];
  }, [kind, t, timezone]);
  const number = new Intl.NumberFormat(language);
  const problem = !valid ? t('errors:NOT_FOUND') : (report.error?.message ?? one.error?.message);
  return (
    <>
      <PageHeader
        title={t('report.title')}
        crumbs={[
          { label: t('title'), to: '/marketing' },
          { label: t(`${kind}.listTitle`), to: kindBase(kind) },
          { label: name },
        ]}
        action={
          valid && (
            <ExportButton
              label={t('report.export')}
              download={(onProgress) => exportReport(kind, valid, onProgress)}
              done={t('report.exported')}
            />
          )
        }
      />
      {problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : (
        <Stack spacing={3}>
          {row && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle1">{name}</Typography>
              <NotificationStateChip state={stateOf(kind, row as never)} />
              {report.data?.send_started_at && (
                <Typography variant="body2" color="text.secondary">
                  {t('report.started', { at: formatDateTime(report.data.send_started_at, { timezone }) })}
                </Typography>
              )}
            </Stack>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))' }}>
            {countKeys(kind).map((key) => (
              <Card key={key} role="group" aria-label={t(`report.counts.${key}`)}>
                <CardContent>
                  <Typography variant="overline" color="text.secondary" component="p" noWrap>
                    {t(`report.counts.${key}`)}
                  </Typography>
                  <Typography variant="h4" component="p">
                    {report.data ? number.format(report.data[key]) : '…'}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          <Card sx={{ p: 2 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('report.messages')}
            </Typography>
            <DataTable<Message, ListQuery>
              resource={source}
              columns={columns}
              label={t('report.messages')}
              searchable={false}
              emptyState={{ text: t('report.noMessages') }}
            />
          </Card>
        </Stack>
      )}
    </>
  );
}
