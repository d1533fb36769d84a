import { loyaltyTierTitle, newIdempotencyKey, type PointEntry } from '@avlu/contracts';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyStatePanel } from '../../lib/data-table/EmptyOverlay';
import { Form, NumberField, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { pointAdjustmentForm, useAdjustPoints, useCustomerPoints } from './points.resource';

const PAGE_SIZE = 10;
const columns = ['createdAt', 'kind', 'amount', 'balanceAfter', 'note', 'staff'] as const;

/** A figure of the summary: its words above, the number below. */
function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
    </Box>
  );
}

/** A staff correction: points up or down with the reason, sent once whatever the retries. */
function AdjustDialog({ customerId, onClose }: { customerId: string; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  const titleId = useId();
  // One key per opening of the dialog: a retried submit (a lost answer) counts once.
  const [key] = useState(() => newIdempotencyKey('adjust'));
  const adjust = useAdjustPoints();
  const form = useZodForm(pointAdjustmentForm, { defaultValues: { point_entry_note: '' } });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('points.adjustTitle')}</DialogTitle>
      <DialogContent>
        <Form
          form={form}
          labels="loyalty"
          warnOnLeave={false}
          onSubmit={async (values) => {
            await adjust.mutateAsync({ input: { ...values, customer_id: customerId }, key });
            onClose();
          }}
        >
          <Typography variant="body2" color="text.secondary">
            {t('points.adjustIntro')}
          </Typography>
          <NumberField name="point_entry_amount" autoFocus hint="loyalty:points.amountHint" />
          <TextField name="point_entry_note" hint="loyalty:points.noteHint" />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <SubmitButton />
          </Stack>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * The customer detail's points tab (issue 14 #8): the balance, the tier and the points toward it, and
 * the ledger newest first, each entry with the balance after it; staff of the loyalty customers
 * module correct a balance with a reason.
 */
export function CustomerPoints({ customerId }: { customerId: string }) {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  const [page, setPage] = useState(0);
  const [adjusting, setAdjusting] = useState(false);
  const points = useCustomerPoints(customerId, page + 1, PAGE_SIZE);
  const number = new Intl.NumberFormat(language);
  const signed = new Intl.NumberFormat(language, { signDisplay: 'exceptZero' });
  const label = t('points.history');

  if (points.isError) return <Alert severity="error">{points.error.message}</Alert>;
  if (!points.data) return <Skeleton variant="rounded" height={160} />;
  const { balance, data, total } = points.data;
  const tier = balance.loyalty_tier_title
    ? loyaltyTierTitle(
        {
          loyalty_tier_title: balance.loyalty_tier_title,
          loyalty_tier_title_en: balance.loyalty_tier_title_en,
        },
        language,
      )
    : t('points.noTier');
  // A staff entry whose user was deleted since keeps its actor but loses the name.
  const staffOf = (entry: PointEntry) =>
    entry.point_entry_admin_name ??
    t(
      entry.point_entry_actor === 'customer'
        ? 'points.byCustomer'
        : entry.point_entry_actor === 'staff'
          ? 'points.byFormerStaff'
          : 'points.bySystem',
    );

  return (
    <Stack spacing={3}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={4}
        sx={{ alignItems: { sm: 'flex-end' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={5} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
          <Figure label={t('points.balance')} value={number.format(balance.point_balance)} />
          <Figure label={t('points.tier')} value={tier} />
          <Figure label={t('points.tierPoints')} value={number.format(balance.point_tier_points)} />
          <Figure label={t('points.earnedTotal')} value={number.format(balance.point_earned_total)} />
        </Stack>
        <Button variant="outlined" startIcon={<TuneIcon />} onClick={() => setAdjusting(true)}>
          {t('points.adjust')}
        </Button>
      </Stack>
      {total === 0 ? (
        <EmptyStatePanel label={label} text={t('points.empty')} />
      ) : (
        <Box>
          <TableContainer>
            <Table size="small" aria-label={label}>
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell
                      key={column}
                      align={column === 'amount' || column === 'balanceAfter' ? 'right' : 'left'}
                    >
                      {t(`points.columns.${column}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((entry) => (
                  <TableRow key={entry._id} hover>
                    <TableCell>{formatDateTime(entry.createdAt)}</TableCell>
                    <TableCell>{t(`points.kinds.${entry.point_entry_kind}`)}</TableCell>
                    <TableCell
                      align="right"
                      sx={{
                        color: entry.point_entry_amount < 0 ? 'error.main' : 'success.main',
                        fontWeight: 600,
                      }}
                    >
                      {signed.format(entry.point_entry_amount)}
                    </TableCell>
                    <TableCell align="right">{number.format(entry.point_entry_balance_after)}</TableCell>
                    <TableCell>{entry.point_entry_note ?? ''}</TableCell>
                    <TableCell>{staffOf(entry)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_, next) => setPage(next)}
            labelDisplayedRows={({ from, to, count }) => t('points.rows', { from, to, count })}
          />
        </Box>
      )}
      {adjusting && <AdjustDialog customerId={customerId} onClose={() => setAdjusting(false)} />}
    </Stack>
  );
}
