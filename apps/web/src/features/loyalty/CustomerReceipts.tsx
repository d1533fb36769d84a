import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyStatePanel } from '../../lib/data-table/EmptyOverlay';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { formatMoney, receiptStatusColor, useReceiptWords } from './receipt-words';
import { RECEIPTS_PATH, useCustomerReceipts } from './receipts.resource';

const columns = [
  'receipt_no',
  'receipt_date',
  'store_name',
  'receipt_amount',
  'receipt_status',
  'receipt_calculated_points',
] as const;

/**
 * The customer detail's receipts tab (issue 14 #8): every receipt of the customer, newest first, with
 * its status and, when refused, why; the receipt number opens its review screen for staff of the
 * receipts module.
 */
export function CustomerReceipts({ customerId }: { customerId: string }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const words = useReceiptWords();
  const reviewOpen = usePermissions().canVisit(RECEIPTS_PATH);
  const list = useCustomerReceipts(customerId);
  const label = t('customerTabs.receipts');
  const number = new Intl.NumberFormat(language);

  if (list.isError) return <Alert severity="error">{list.error.message}</Alert>;
  if (!list.data) return <Skeleton variant="rounded" height={120} />;
  if (list.data.length === 0) return <EmptyStatePanel label={label} text={t('customerTabs.noReceipts')} />;
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column}
                align={
                  column === 'receipt_amount' || column === 'receipt_calculated_points' ? 'right' : 'left'
                }
              >
                {words.columns[column]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {list.data.map((row) => (
            <TableRow key={row._id} hover>
              <TableCell>
                {reviewOpen ? (
                  <Link component={RouterLink} to={`${RECEIPTS_PATH}/${row._id}`}>
                    {row.receipt_no}
                  </Link>
                ) : (
                  row.receipt_no
                )}
              </TableCell>
              <TableCell>{formatDateTime(row.receipt_date)}</TableCell>
              <TableCell>{row.store_name ?? t('customerTabs.unknownStore')}</TableCell>
              <TableCell align="right">{formatMoney(row.receipt_amount, row.currency, language)}</TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Chip
                    size="small"
                    color={receiptStatusColor[row.receipt_status]}
                    label={words.status[row.receipt_status]}
                  />
                  {row.receipt_rejection_reason && (
                    <Typography variant="caption" color="text.secondary">
                      {[words.reason[row.receipt_rejection_reason], row.receipt_rejection_message]
                        .filter(Boolean)
                        .join(': ')}
                    </Typography>
                  )}
                </Stack>
              </TableCell>
              <TableCell align="right">
                {row.receipt_calculated_points === null ? '' : number.format(row.receipt_calculated_points)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
