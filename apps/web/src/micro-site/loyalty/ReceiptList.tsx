import type { CustomerReceipt, MicroSiteLocation, ReceiptStatus } from '@avlu/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Loaded } from '../campaigns/data';
import { formatDay, mallTimeZone } from '../campaigns/dates';
import { EmptyState, LoadFailed } from '../campaigns/PageStates';
import { LoadingScreen } from '../components/LoadingScreen';
import { Link } from '../lib/router';
import { useSession } from '../lib/session';
import { formatAmount, formatPoints, isResendable } from './data';
import { useLoyaltyT } from './texts';

/** Light tints under the palette's dark tones (at least 4.5:1). */
const statusColours: Record<ReceiptStatus, { bg: string; fg: string }> = {
  pending: { bg: '#E0F2FE', fg: 'info.dark' },
  approved: { bg: '#DCFCE7', fg: 'success.dark' },
  rejected: { bg: '#FEE2E2', fg: 'error.dark' },
  uncertain: { bg: '#FEF3C7', fg: 'warning.dark' },
};

function StatusBadge({ status }: { status: ReceiptStatus }) {
  const { t } = useLoyaltyT();
  const colour = statusColours[status];
  return (
    <Box
      component="span"
      sx={{
        px: 1.25,
        py: 0.25,
        borderRadius: 99,
        fontSize: 13,
        fontWeight: 700,
        bgcolor: colour.bg,
        color: colour.fg,
        whiteSpace: 'nowrap',
      }}
    >
      {t(`status.${status}`)}
    </Box>
  );
}

/** One receipt as a card: store, day, amount, its status and what it means for the customer. */
function ReceiptCard({ receipt, timeZone }: { receipt: CustomerReceipt; timeZone: string }) {
  const { t, language } = useLoyaltyT();
  const { base } = useSession();
  const status = receipt.receipt_status;
  const titleId = `receipt-${receipt._id}`;
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: 2, borderRadius: 3, display: 'grid', gap: 1.25 }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
        {receipt.receipt_thumbnail_url && (
          <Box
            component="img"
            src={receipt.receipt_thumbnail_url}
            alt={t('receipts.thumbnail', { no: receipt.receipt_no })}
            loading="lazy"
            sx={{ width: 56, height: 72, objectFit: 'cover', borderRadius: 1.5, bgcolor: 'grey.200' }}
          />
        )}
        <Box sx={{ flexGrow: 1, minWidth: 0, display: 'grid', gap: 0.25 }}>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            {receipt.store_name ?? '—'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDay(receipt.receipt_date, language, timeZone)}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('receipts.receiptNo', { no: receipt.receipt_no })}
          </Typography>
          <Typography sx={{ fontWeight: 700 }}>
            {formatAmount(receipt.receipt_amount, receipt.currency, language)}
          </Typography>
        </Box>
        <StatusBadge status={status} />
      </Box>
      {status === 'approved' && receipt.receipt_calculated_points !== null && (
        <Typography sx={{ color: 'success.dark', fontWeight: 700 }}>
          {t('receipts.earned', {
            count: receipt.receipt_calculated_points,
            points: formatPoints(receipt.receipt_calculated_points, language),
          })}
        </Typography>
      )}
      {status === 'pending' && (
        <Typography variant="body2" color="text.secondary">
          {t('receipts.waiting')}
        </Typography>
      )}
      {status === 'uncertain' && <Typography variant="body2">{t('receipts.uncertain')}</Typography>}
      {status === 'rejected' && (
        <Box
          sx={{
            bgcolor: statusColours.rejected.bg,
            borderRadius: 2,
            px: 1.5,
            py: 1,
            display: 'grid',
            gap: 0.25,
          }}
        >
          <Typography variant="body2" sx={{ fontWeight: 700, color: 'error.dark' }}>
            {t('receipts.reason', {
              reason: t(`reason.${receipt.receipt_rejection_reason ?? 'other'}`),
            })}
          </Typography>
          {receipt.receipt_rejection_message && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {receipt.receipt_rejection_message}
            </Typography>
          )}
        </Box>
      )}
      {isResendable(status) && (
        <Button
          component={Link}
          href={`${base}/receipt-edit?id=${receipt._id}`}
          variant="outlined"
          aria-describedby={titleId}
        >
          {t('receipts.edit')}
        </Button>
      )}
    </Paper>
  );
}

/** The customer's receipts, newest first (the server's order), with loading, failure and empty states. */
export function ReceiptList({
  receipts,
  location,
}: {
  receipts: Loaded<CustomerReceipt[]>;
  location: MicroSiteLocation | null;
}) {
  const { t } = useLoyaltyT();
  if (receipts.loading) return <LoadingScreen />;
  if (receipts.error)
    return <LoadFailed title={t('receipts.loadError')} message={receipts.error} onRetry={receipts.reload} />;
  const list = receipts.data ?? [];
  if (list.length === 0) return <EmptyState title={t('receipts.empty')} text={t('receipts.emptyText')} />;
  const timeZone = mallTimeZone(location);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      {list.map((receipt) => (
        <ReceiptCard key={receipt._id} receipt={receipt} timeZone={timeZone} />
      ))}
    </Box>
  );
}
