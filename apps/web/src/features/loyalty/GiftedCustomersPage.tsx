import {
  cancelRedemptionInput,
  type LoyaltyCustomer,
  type LoyaltyCustomerStatus,
  loyaltyCustomerStatuses,
  sentAndSaveInput,
} from '@avlu/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResourceListPage } from '../../components/resource-list-page/ResourceListPage';
import { ExportButton } from '../../lib/excel/ExportButton';
import { Form, SubmitButton, TextField, useZodForm } from '../../lib/form';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { CustomerCell } from '../customers/CustomerCell';
import { displayPhone, fullName } from '../customers/customers.resource';
import { exportRedemptions, redemptions, useCancelRedemption, useSendRedemption } from './gifts.resource';
import { RedemptionStatus } from './RedemptionStatus';

const useColumns = (): GridColDef<LoyaltyCustomer>[] => {
  const { t } = useTranslation('loyalty');
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.NumberFormat(language);
    return [
      { field: 'createdAt', width: 150, valueFormatter: (value: string) => formatDateTime(value) },
      {
        // The phone beneath the name, as in the receipt list: a column fewer, so the row's actions fit.
        field: 'loyalty_customer',
        sortable: false,
        flex: 1,
        minWidth: 140,
        valueGetter: (_: unknown, row: LoyaltyCustomer) =>
          fullName({
            customer_name: row.loyalty_customer_name,
            customer_surname: row.loyalty_customer_surname,
          }),
        renderCell: ({ row, value }) => <CustomerCell name={value} phone={row.loyalty_customer_phone} />,
      },
      { field: 'loyalty_customer_gift_title', flex: 1, minWidth: 115 },
      {
        field: 'loyalty_customer_points',
        width: 70,
        type: 'number',
        align: 'left',
        headerAlign: 'left',
        valueFormatter: (value: number) => format.format(value),
      },
      {
        field: 'loyalty_customer_gift_send_type',
        sortable: false,
        width: 140,
        valueFormatter: (value: LoyaltyCustomer['loyalty_customer_gift_send_type']) =>
          t(`gifts.sendTypes.${value}`),
      },
      {
        field: 'loyalty_customer_tracking_number',
        headerName: t('gifted.trackingColumn'),
        sortable: false,
        width: 110,
      },
      {
        field: 'loyalty_customer_status',
        sortable: false,
        width: 115,
        renderCell: ({ row }) => <RedemptionStatus status={row.loyalty_customer_status} />,
      },
    ];
  }, [language, t]);
};

function ActionDialog({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}

/** new → waiting: the tracking number and the address (both needed for a gift sent to an address). */
function SendDialog({ row, onClose }: { row: LoyaltyCustomer; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  const send = useSendRedemption();
  const form = useZodForm(sentAndSaveInput, {
    defaultValues: {
      loyalty_customer_tracking_number: '',
      loyalty_customer_address: row.loyalty_customer_address ?? '',
    },
  });
  return (
    <ActionDialog title={t('gifted.sendTitle')} onClose={onClose}>
      <Form
        form={form}
        labels="loyalty"
        warnOnLeave={false}
        onSubmit={async (input) => {
          await send.mutateAsync({ row, input });
          onClose();
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('gifted.sendIntro')}
        </Typography>
        <TextField name="loyalty_customer_tracking_number" autoFocus />
        <TextField name="loyalty_customer_address" multiline minRows={2} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
          <SubmitButton>{t('gifted.send')}</SubmitButton>
        </Stack>
      </Form>
    </ActionDialog>
  );
}

/** Cancelled with a note: the points and the stock come back. */
function CancelDialog({ row, onClose }: { row: LoyaltyCustomer; onClose: () => void }) {
  const { t } = useTranslation('loyalty');
  const cancel = useCancelRedemption();
  const form = useZodForm(cancelRedemptionInput, { defaultValues: { loyalty_customer_note: '' } });
  return (
    <ActionDialog title={t('gifted.cancelTitle')} onClose={onClose}>
      <Form
        form={form}
        labels="loyalty"
        warnOnLeave={false}
        onSubmit={async (input) => {
          await cancel.mutateAsync({ row, input });
          onClose();
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {t('gifted.cancelIntro', { points: row.loyalty_customer_points })}
        </Typography>
        <TextField name="loyalty_customer_note" autoFocus />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common:actions.close')}</Button>
          <SubmitButton color="error">{t('gifted.cancel')}</SubmitButton>
        </Stack>
      </Form>
    </ActionDialog>
  );
}

/** /loyalty/gifted-customer-list: the redemptions with their status; send, cancel and export. */
export default function GiftedCustomersPage() {
  const { t } = useTranslation('loyalty');
  const columns = useColumns();
  const [status, setStatus] = useState<LoyaltyCustomerStatus | ''>('');
  const [action, setAction] = useState<{ kind: 'send' | 'cancel'; row: LoyaltyCustomer } | null>(null);
  const params = useMemo(() => ({ filter: status ? { loyalty_customer_status: status } : {} }), [status]);
  // The table keeps its keyword in the URL; the export takes it with the filter, so the file has the rows listed.
  const keyword = useSearchParams()[0].get('keyword') || undefined;
  return (
    <>
      <ResourceListPage
        resource={redemptions}
        columns={columns}
        labels="loyalty"
        params={params}
        title={t('gifted.title')}
        crumbs={[{ label: t('title') }, { label: t('gifted.title') }]}
        emptyState={{ text: t('gifted.empty') }}
        actionsWidth={150}
        rowHref={() => undefined}
        rowName={(row) => `${row.loyalty_customer_gift_title}, ${displayPhone(row.loyalty_customer_phone)}`}
        toolbar={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
            <MuiTextField
              select
              size="small"
              label={t('fields.loyalty_customer_status')}
              value={status}
              onChange={(event) => setStatus(event.target.value as LoyaltyCustomerStatus | '')}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('gifted.allStatuses')}</MenuItem>
              {loyaltyCustomerStatuses.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`gifted.statuses.${value}`)}
                </MenuItem>
              ))}
            </MuiTextField>
            <ExportButton
              label={t('gifted.export')}
              download={(onProgress) => exportRedemptions({ filter: params.filter, keyword }, onProgress)}
              done={t('gifted.exported')}
            />
          </Stack>
        }
        rowActions={{
          extra: (row) => (
            <>
              {row.loyalty_customer_status === 'new' && (
                <Button size="small" onClick={() => setAction({ kind: 'send', row })}>
                  {t('gifted.send')}
                </Button>
              )}
              {row.loyalty_customer_status !== 'cancelled' && (
                <Button size="small" color="error" onClick={() => setAction({ kind: 'cancel', row })}>
                  {t('gifted.cancel')}
                </Button>
              )}
            </>
          ),
        }}
      />
      {action?.kind === 'send' && <SendDialog row={action.row} onClose={() => setAction(null)} />}
      {action?.kind === 'cancel' && <CancelDialog row={action.row} onClose={() => setAction(null)} />}
    </>
  );
}
