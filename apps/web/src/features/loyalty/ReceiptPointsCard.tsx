import type { ReceiptDetail } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { formatMoney } from './receipt-words';

/**
 * How the receipt's points come (issue 14 #3), shown before staff approve: the provider of the
 * highest priority that matches, amount × its points per lira, × the tier's multiplier, × the
 * campaign's, rounded down. After approval, what it earned.
 */
export function ReceiptPointsCard({ receipt }: { receipt: ReceiptDetail }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const calc = receipt.receipt_points_calculation;
  const number = new Intl.NumberFormat(language === 'en' ? 'en' : 'tr-TR', { maximumFractionDigits: 4 });
  const approved = receipt.receipt_status === 'approved';
  const titleId = `receipt-points-${receipt._id}`;
  const rows: [string, string][] = calc.point_provider_name
    ? [
        [
          t('receipts.points.provider'),
          t('receipts.points.providerLine', {
            name: calc.point_provider_name,
            priority: calc.point_provider_priority,
            rate: number.format(calc.point_provider_points_multiplier ?? 0),
          }),
        ],
        [
          t('receipts.points.base'),
          `${formatMoney(calc.receipt_amount, receipt.currency, language)} × ${number.format(
            calc.point_provider_points_multiplier ?? 0,
          )} = ${number.format(calc.base_points)}`,
        ],
        [
          t('receipts.points.tier'),
          `× ${number.format(calc.tier_multiplier)} (${calc.loyalty_tier_title ?? t('receipts.points.noTier')})`,
        ],
        [
          t('receipts.points.campaign'),
          `× ${number.format(calc.campaign_multiplier)}${
            receipt.campaign_name ? ` (${receipt.campaign_name})` : ''
          }`,
        ],
      ]
    : [];
  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardHeader
        title={approved ? t('receipts.points.titleApproved') : t('receipts.points.titlePending')}
        slotProps={{ title: { variant: 'h6', component: 'h2', id: titleId } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {!calc.point_provider_name && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {t('receipts.points.noProvider')}
          </Alert>
        )}
        <Table size="small">
          <TableBody>
            {rows.map(([label, value]) => (
              <TableRow key={label}>
                <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: '40%' }}>
                  {label}
                </TableCell>
                <TableCell>{value}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, borderBottom: 0 }}>
                {t('receipts.points.total')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, fontSize: 18, borderBottom: 0 }}>
                {t('receipts.points.totalValue', { points: number.format(calc.total_points) })}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
