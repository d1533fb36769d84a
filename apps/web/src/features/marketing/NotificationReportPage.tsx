import { isObjectId, type NotificationKind } from '@avlu/contracts';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import { saveFile } from '../../lib/api';
import { xlsxBlob } from '../../lib/excel/xlsx';
import { useLanguage } from '../../lib/i18n/use-language';
import {
  type NotificationReport,
  notificationResources,
  stateOf,
  titleOf,
  useReport,
} from './marketing.resource';
import { kindBase } from './NotificationListPage';
import { NotificationStateChip } from './NotificationStateChip';
import './texts';

type Cell = string | number | boolean | null;
type Message = Record<string, Cell>;

/**
 * The report's counts and messages, read loosely while `GET …/{id}/report`'s answer is not
 * committed: every number at the top (or under `counts`) is a count, the first array of objects the
 * messages.
 */
export const readReport = (report: NotificationReport) => {
  const counts: [string, number][] = [];
  const collect = (record: Record<string, unknown>) => {
    for (const [key, value] of Object.entries(record))
      if (typeof value === 'number') counts.push([key, value]);
  };
  collect(report);
  if (report.counts && typeof report.counts === 'object') collect(report.counts as Record<string, unknown>);
  const isRows = (value: unknown): value is Message[] =>
    Array.isArray(value) && value.every((row) => row && typeof row === 'object');
  const paged = report.messages as { data?: unknown } | undefined;
  const list = isRows(paged?.data) ? paged.data : Object.values(report).find(isRows);
  const messages = (list ?? []).map(
    (row) =>
      Object.fromEntries(
        Object.entries(row).filter(([, value]) => value === null || typeof value !== 'object'),
      ) as Message,
  );
  const columns = [...new Set(messages.flatMap((row) => Object.keys(row)))].filter(
    (column) => column !== '_id' && column !== 'customer_id',
  );
  return { counts, messages, columns };
};

const SHOWN_ROWS = 200;

/** /marketing/{sms,email}-notifications/{id}/report: counts and the messages, with an xlsx of them. */
export function NotificationReportPage({ kind }: { kind: NotificationKind }) {
  const { t } = useTranslation('marketing');
  const language = useLanguage();
  const { id } = useParams();
  const valid = isObjectId(id) ? id : undefined;
  const one = notificationResources[kind].useOne(valid);
  const report = useReport(kind, valid);
  const row = one.data;
  const name = row ? titleOf(kind, row as never) : t('report.title');
  const number = new Intl.NumberFormat(language);
  const read = report.data ? readReport(report.data) : undefined;
  const label = (key: string) => t(`report.counts.${key}`, { defaultValue: key });
  const exportRows = () => {
    if (!read) return;
    saveFile({
      blob: xlsxBlob([
        {
          name: t('report.sheet'),
          rows: [
            read.columns.map(label),
            ...read.messages.map((message) => read.columns.map((c) => message[c])),
          ],
        },
      ]),
      filename: `${kind}-report-${id}.xlsx`,
    });
  };
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
          read &&
          read.messages.length > 0 && (
            <Button startIcon={<FileDownloadOutlinedIcon />} onClick={exportRows}>
              {t('report.export')}
            </Button>
          )
        }
      />
      {problem ? (
        <Alert severity="error">{problem}</Alert>
      ) : !read ? (
        <LoadingScreen fullPage={false} />
      ) : (
        <Stack spacing={3}>
          {row && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography variant="subtitle1">{name}</Typography>
              <NotificationStateChip state={stateOf(kind, row as never)} />
            </Stack>
          )}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
            {read.counts.map(([key, value]) => (
              <Card key={key}>
                <CardContent>
                  <Typography variant="overline" color="text.secondary" component="p">
                    {label(key)}
                  </Typography>
                  <Typography variant="h4" component="p">
                    {number.format(value)}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          <Card>
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('report.messages')}
              </Typography>
              {read.messages.length === 0 ? (
                <Typography color="text.secondary">{t('report.noMessages')}</Typography>
              ) : (
                <TableContainer>
                  <Table size="small">
                    <TableHead>
                      <TableRow>
                        {read.columns.map((column) => (
                          <TableCell key={column}>{label(column)}</TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {read.messages.slice(0, SHOWN_ROWS).map((message, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: the report's rows have no committed key yet
                        <TableRow key={index}>
                          {read.columns.map((column) => (
                            <TableCell key={column}>{String(message[column] ?? '')}</TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
              {read.messages.length > SHOWN_ROWS && (
                <Typography variant="caption" color="text.secondary">
                  {t('report.moreInExport', { count: read.messages.length - SHOWN_ROWS })}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Stack>
      )}
    </>
  );
}
