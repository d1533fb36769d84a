import { displayCouponCode } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyStatePanel } from '../../lib/data-table/EmptyOverlay';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { usePermissions } from '../../lib/permissions';
import { CouponStatusChip } from '../campaigns/CouponStatusChip';
import { campaignName } from '../campaigns/campaigns.resource';
import { useCustomerCoupons } from '../campaigns/giving.resource';
import { useChannelNames } from './channel-names';

const columns = ['campaign', 'code', 'status', 'desk', 'given', 'used', 'expires'] as const;

/**
 * The customer detail's coupons tab (spec §2; issue 13 #9): every code the customer was given, at a
 * desk (named by its channel) or on the micro-site, newest first (`GET /customer/coupons/{customerId}`).
 */
export function CustomerCoupons({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const language = useLanguage();
  const channels = useChannelNames();
  const campaignsOpen = usePermissions().canVisit('/campaigns/list');
  const codes = useCustomerCoupons(customerId);
  const label = t('coupons.label');

  if (codes.isError) return <Alert severity="error">{codes.error.message}</Alert>;
  if (!codes.data) return <Skeleton variant="rounded" height={120} />;
  if (codes.data.length === 0) return <EmptyStatePanel label={label} text={t('coupons.empty')} />;

  const when = (value: string | null) => (value ? formatDateTime(value) : t('none'));
  return (
    <TableContainer>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{t(`coupons.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {codes.data.map((code) => {
            const name = campaignName(code.campaign, language);
            return (
              <TableRow key={code._id} hover>
                <TableCell>
                  {campaignsOpen ? (
                    <Link component={RouterLink} to={`/campaigns/${code.campaign._id}/edit`}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </TableCell>
                <TableCell
                  sx={{
                    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                    fontWeight: 600,
                  }}
                >
                  {displayCouponCode(code.coupon_code)}
                </TableCell>
                <TableCell>
                  <CouponStatusChip status={code.coupon_status} />
                </TableCell>
                <TableCell>
                  {code.channel_id
                    ? (channels.names.get(code.channel_id) ?? t('unknownChannel'))
                    : t('coupons.microSite')}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(code.coupon_given_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(code.coupon_used_at)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(code.coupon_expires_at)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
