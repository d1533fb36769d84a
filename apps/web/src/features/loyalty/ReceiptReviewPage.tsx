import {
  isObjectId,
  RECEIPT_LIMITS,
  type ReceiptDetail,
  type ReceiptStatus,
  type ReceiptUpdateInput,
  receiptRejectionReasons,
  receiptUpdateInput,
} from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen/LoadingScreen';
import { PageHeader } from '../../components/page-header/PageHeader';
import {
  DateTimeField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  TextField,
  useZodForm,
} from '../../lib/form';
import { formatDateTime } from '../../lib/i18n/dates';
import { displayPhone, fullName } from '../customers/customers.resource';
import { useAllStores } from '../stores/stores.resource';
import { ReceiptPhoto } from './ReceiptPhoto';
import { ReceiptPointsCard } from './ReceiptPointsCard';
import { receiptStatusColor, useReceiptWords } from './receipt-words';
import { nextPendingReceipt, RECEIPTS_PATH, useReceipt, useReviewReceipt } from './receipts.resource';

const label = (field: string) => `loyalty:receipts.fields.${field}`;
const EDITABLE: readonly ReceiptStatus[] = ['pending', 'uncertain'];
type Verdict = 'approved' | 'uncertain';

/** A button of the review with its keyboard shortcut shown beside the word and told to assistive tech. */
function ShortcutButton({ shortcut, children, ...props }: ButtonProps & { shortcut: string }) {
  return (
    <Button {...props} aria-keyshortcuts={shortcut}>
      {children}
      <Box
        component="kbd"
        aria-hidden
        sx={{
          ml: 1,
          px: 0.75,
          borderRadius: 0.5,
          border: 1,
          borderColor: 'currentColor',
          fontSize: 11,
          lineHeight: 1.6,
          fontFamily: 'inherit',
          opacity: 0.8,
        }}
      >
        {shortcut}
      </Box>
    </Button>
  );
}

/** Rejection: a §8 reason, and for 'other' the message to the customer (≤ 75 characters). */
function RejectDialog({
  onClose,
  onReject,
}: {
  onClose: () => void;
  onReject: (input: ReceiptUpdateInput) => Promise<unknown>;
}) {
  const { t } = useTranslation('loyalty');
  const words = useReceiptWords();
  const titleId = useId();
  const schema = useMemo(() => receiptUpdateInput(), []);
  const form = useZodForm(schema, {
    defaultValues: {
      receipt_status: 'rejected',
      receipt_rejection_reason: undefined,
      receipt_rejection_message: '',
    },
  });
  const reason = useWatch({ control: form.control, name: 'receipt_rejection_reason' });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('receipts.rejectTitle')}</DialogTitle>
      <DialogContent>
        <Form
          form={form}
          warnOnLeave={false}
          onSubmit={(values) =>
            onReject({
              receipt_status: 'rejected',
              receipt_rejection_reason: values.receipt_rejection_reason,
              receipt_rejection_message: values.receipt_rejection_message,
            })
          }
        >
          <Typography variant="body2" color="text.secondary">
            {t('receipts.rejectIntro')}
          </Typography>
          <SelectField
            name="receipt_rejection_reason"
            label={label('receipt_rejection_reason')}
            autoFocus
            options={receiptRejectionReasons.map((value) => ({ value, label: words.reason[value] }))}
          />
          <TextField
            name="receipt_rejection_message"
            label={label('receipt_rejection_message')}
            multiline
            minRows={2}
            required={reason === 'other'}
            hint="loyalty:receipts.messageHint"
            slotProps={{ htmlInput: { maxLength: RECEIPT_LIMITS.rejectionMessage } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={onClose}>{t('common:actions.cancel')}</Button>
            <SubmitButton color="error">{t('receipts.actions.reject')}</SubmitButton>
          </Stack>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What the receipt says about itself besides its fields: customer, source, campaign, status. */
function ReceiptFacts({ receipt }: { receipt: ReceiptDetail }) {
  const { t } = useTranslation('loyalty');
  const words = useReceiptWords();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      <Detail term={t('receipts.details.status')}>
        <Chip
          size="small"
          color={receiptStatusColor[receipt.receipt_status]}
          label={words.status[receipt.receipt_status]}
        />
      </Detail>
      <Detail term={t('receipts.details.customer')}>
        <Link component={RouterLink} to={`/customers/${receipt.customer_id}/detail`}>
          {fullName(receipt) || t('receipts.details.unnamed')}
        </Link>
        {receipt.customer_phone ? ` · ${displayPhone(receipt.customer_phone)}` : ''}
      </Detail>
      <Detail term={t('receipts.details.source')}>{words.source[receipt.receipt_source]}</Detail>
      <Detail term={t('receipts.details.campaign')}>
        {receipt.campaign_name ?? t('receipts.details.noCampaign')}
      </Detail>
      <Detail term={t('receipts.details.createdAt')}>{formatDateTime(receipt.createdAt)}</Detail>
      {receipt.receipt_approved_at && (
        <Detail term={t('receipts.details.approvedAt')}>{formatDateTime(receipt.receipt_approved_at)}</Detail>
      )}
      {receipt.receipt_rejection_reason && (
        <Detail term={t('receipts.details.reason')}>
          {words.reason[receipt.receipt_rejection_reason]}
          {receipt.receipt_rejection_message ? `: ${receipt.receipt_rejection_message}` : ''}
        </Detail>
      )}
    </Box>
  );
}

/** Keys that belong to a field or a menu, never to the review's shortcuts. */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    !!target.closest(
      'input, textarea, select, [role="combobox"], [role="listbox"], [role="menu"], [role="dialog"]',
    ));

function Review({ receipt }: { receipt: ReceiptDetail }) {
  const { t } = useTranslation('loyalty');
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const formId = useId();
  const editable = EDITABLE.includes(receipt.receipt_status);
  const approved = receipt.receipt_status === 'approved';
  const review = useReviewReceipt();
  const stores = useAllStores();
  const [rejecting, setRejecting] = useState(false);
  const [moving, setMoving] = useState(false);
  const verdict = useRef<Verdict>('approved');
  const schema = useMemo(() => receiptUpdateInput(), []);
  const form = useZodForm(schema, {
    defaultValues: {
      receipt_no: receipt.receipt_no,
      receipt_amount: receipt.receipt_amount,
      receipt_date: receipt.receipt_date,
      store_id: receipt.store_id,
    },
  });

  const goNext = useCallback(async () => {
    setMoving(true);
    try {
      const next = await nextPendingReceipt(receipt._id);
      if (next) navigate(`${RECEIPTS_PATH}/${next}`);
      else {
        enqueueSnackbar(t('receipts.noMorePending'), { variant: 'info' });
        navigate(RECEIPTS_PATH);
      }
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : t('errors:INTERNAL_ERROR'), {
        variant: 'error',
      });
    } finally {
      setMoving(false);
    }
  }, [receipt._id, navigate, enqueueSnackbar, t]);

  /** Saves the fields staff changed with the verdict, then opens the next pending receipt. */
  const decide = async (input: ReceiptUpdateInput) => {
    await review.mutateAsync({ id: receipt._id, input });
    await goNext();
  };

  const submitVerdict = useCallback(
    (next: Verdict) => {
      verdict.current = next;
      (document.getElementById(formId) as HTMLFormElement | null)?.requestSubmit();
    },
    [formId],
  );

  const busy = review.isPending || moving || form.formState.isSubmitting;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (rejecting || busy || typingIn(event.target)) return;
      const key = event.key.toLocaleLowerCase('en');
      const act =
        key === 'a' && !approved
          ? () => submitVerdict('approved')
          : key === 'u' && !approved
            ? () => submitVerdict('uncertain')
            : key === 'r' && !approved
              ? () => setRejecting(true)
              : key === 'n'
                ? () => void goNext()
                : undefined;
      if (!act) return;
      event.preventDefault();
      act();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rejecting, busy, approved, submitVerdict, goNext]);

  const storeOptions = useMemo(() => {
    const options = (stores.data ?? []).map((store) => ({ value: store._id, label: store.store_name }));
    if (!options.some((option) => option.value === receipt.store_id))
      options.unshift({ value: receipt.store_id, label: receipt.store_name ?? receipt.store_id });
    return options;
  }, [stores.data, receipt.store_id, receipt.store_name]);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(360px, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Card sx={{ p: 2 }} component="section" aria-label={t('receipts.photo.title')}>
        <ReceiptPhoto receipt={receipt} />
      </Card>
      <Stack spacing={2}>
        {receipt.receipt_is_duplicate && (
          <Alert severity="warning">
            {receipt.receipt_duplicate_kind === 'photo'
              ? t('receipts.duplicatePhoto')
              : t('receipts.duplicateDetails')}
            {receipt.receipt_duplicate_of && (
              <>
                {' '}
                <Link component={RouterLink} to={`${RECEIPTS_PATH}/${receipt.receipt_duplicate_of}`}>
                  {t('receipts.openDuplicate')}
                </Link>
              </>
            )}
          </Alert>
        )}
        {approved && <Alert severity="success">{t('receipts.readOnlyApproved')}</Alert>}
        <Card>
          <CardContent>
            <Stack spacing={2}>
              <ReceiptFacts receipt={receipt} />
              <Form
                form={form}
                id={formId}
                warnOnLeave={false}
                onSubmit={async (values) => {
                  const dirty = form.formState.dirtyFields;
                  const changed = editable
                    ? Object.fromEntries(
                        (['receipt_no', 'receipt_amount', 'receipt_date', 'store_id'] as const)
                          .filter((field) => dirty[field])
                          .map((field) => [field, values[field]]),
                      )
                    : {};
                  await decide({ ...changed, receipt_status: verdict.current });
                }}
              >
                <TextField name="receipt_no" label={label('receipt_no')} disabled={!editable} />
                <NumberField name="receipt_amount" label={label('receipt_amount')} disabled={!editable} />
                <DateTimeField name="receipt_date" label={label('receipt_date')} disabled={!editable} />
                <SelectField
                  name="store_id"
                  label={label('store_id')}
                  disabled={!editable}
                  options={storeOptions}
                />
              </Form>
            </Stack>
          </CardContent>
        </Card>
        <ReceiptPointsCard receipt={receipt} />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {!approved && (
            <>
              <ShortcutButton
                shortcut="A"
                variant="contained"
                color="success"
                disabled={busy}
                loading={busy && verdict.current === 'approved' && form.formState.isSubmitting}
                onClick={() => submitVerdict('approved')}
              >
                {t('receipts.actions.approve')}
              </ShortcutButton>
              <ShortcutButton
                shortcut="R"
                variant="outlined"
                color="error"
                disabled={busy}
                onClick={() => setRejecting(true)}
              >
                {t('receipts.actions.reject')}
              </ShortcutButton>
              {receipt.receipt_status !== 'uncertain' && (
                <ShortcutButton
                  shortcut="U"
                  variant="outlined"
                  color="info"
                  disabled={busy}
                  onClick={() => submitVerdict('uncertain')}
                >
                  {t('receipts.actions.uncertain')}
                </ShortcutButton>
              )}
            </>
          )}
          <Box sx={{ flex: 1 }} />
          <ShortcutButton shortcut="N" disabled={busy} onClick={() => void goNext()}>
            {t('receipts.actions.next')}
          </ShortcutButton>
        </Stack>
        <Typography variant="caption" color="text.secondary">
          {approved ? t('receipts.shortcutsApproved') : t('receipts.shortcuts')}
        </Typography>
      </Stack>
      {rejecting && (
        <RejectDialog
          onClose={() => setRejecting(false)}
          onReject={async (input) => {
            await review.mutateAsync({ id: receipt._id, input });
            setRejecting(false);
            await goNext();
          }}
        />
      )}
    </Box>
  );
}

/** /loyalty/receipts/{id}: the photo beside the receipt's fields, its points, and the review. */
export default function ReceiptReviewPage() {
  const { t } = useTranslation('loyalty');
  const { id } = useParams();
  const query = useReceipt(isObjectId(id) ? id : undefined);
  const problem = !isObjectId(id) ? t('errors:NOT_FOUND') : query.error?.message;
  const row = query.data;
  return (
    <>
      <PageHeader
        title={row ? t('receipts.reviewOf', { no: row.receipt_no }) : t('receipts.review')}
        crumbs={[
          { label: t('title') },
          { label: t('receipts.title'), to: RECEIPTS_PATH },
          { label: row?.receipt_no ?? t('receipts.review') },
        ]}
      />
      {problem ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Alert severity="error">{problem}</Alert>
          <Button component={RouterLink} to={RECEIPTS_PATH}>
            {t('receipts.backToList')}
          </Button>
        </Stack>
      ) : row ? (
        <Review key={row._id} receipt={row} />
      ) : (
        <LoadingScreen fullPage={false} />
      )}
    </>
  );
}
