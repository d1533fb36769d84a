import type { CustomerReceipt } from '@avlu/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { useStores } from '../campaigns/data';
import { Field } from '../components/Field';
import { SelectField } from '../components/SelectField';
import { MicroSiteError, messageOf } from '../lib/api';
import { useSession } from '../lib/session';
import { amountOf, invoiceDateOf, localDay, RECEIPTS_PATH } from './data';
import { shrinkReceiptPhoto } from './shrink';
import { useLoyaltyT } from './texts';

/** The server's limit of an upload (contracts' RECEIPT_LIMITS.fileBytes), checked here before sending. */
const MAX_FILE_BYTES = 15 * 1024 * 1024;
/** Contracts' RECEIPT_LIMITS.receiptNo. */
const MAX_RECEIPT_NO = 40;

type FieldName = 'storeId' | 'receiptNo' | 'invoiceDate' | 'amount' | 'file' | 'campaignId';
const FIELDS: readonly FieldName[] = ['storeId', 'receiptNo', 'invoiceDate', 'amount', 'file', 'campaignId'];
type Errors = Partial<Record<FieldName, string>>;

/** A photo or a PDF; some phones give a HEIC no type, so its name tells then. */
const isAccepted = (file: File) =>
  file.type
    ? file.type.startsWith('image/') || file.type === 'application/pdf'
    : /\.(jpe?g|png|heic|heif|pdf)$/i.test(file.name);

/** A chosen photo's picture on the page, while it is chosen (none for a PDF, or where the browser cannot). */
const usePreview = (file: File | null) => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file?.type.startsWith('image/') || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
};

/**
 * A receipt's form (spec §5: number, date not in the future, store, amount ≥ 0, file required), for a
 * new upload (`POST`) or the correction of a refused one (`PUT …/{id}`, where a new photo is
 * optional). The photo input opens the phone's back camera; the photo is shrunk before it goes. Every
 * field's refusal, the browser's or the server's, is shown under that field.
 */
export function ReceiptForm({
  campaignId,
  receipt,
  onSent,
}: {
  campaignId: string | null;
  /** The receipt being corrected; none for a new upload. */
  receipt?: CustomerReceipt;
  onSent: (receipt: CustomerReceipt) => void;
}) {
  const { t, language } = useLoyaltyT();
  const { api } = useSession();
  const stores = useStores();
  const fileId = useId();
  const editing = Boolean(receipt);
  const [storeId, setStoreId] = useState(receipt?.store_id ?? '');
  const [receiptNo, setReceiptNo] = useState(receipt?.receipt_no ?? '');
  const [day, setDay] = useState(receipt ? localDay(new Date(receipt.receipt_date)) : '');
  // As the customer writes it: `249,90` in Turkish.
  const [amount, setAmount] = useState(() =>
    receipt
      ? language === 'tr'
        ? receipt.receipt_amount.toFixed(2).replace('.', ',')
        : receipt.receipt_amount.toFixed(2)
      : '',
  );
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<'idle' | 'preparing' | 'sending'>('idle');
  const today = localDay(new Date());
  const preview = usePreview(file);
  const shown = preview ?? (file ? null : (receipt?.receipt_thumbnail_url ?? null));

  const options = useMemo(
    () =>
      [...stores.values()]
        .map((store) => ({ value: store._id, label: store.store_name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'tr')),
    [stores],
  );

  const validate = (): Errors => {
    const found: Errors = {};
    if (!storeId) found.storeId = t('form.errors.storeRequired');
    if (!receiptNo.trim()) found.receiptNo = t('form.errors.required');
    if (!day) found.invoiceDate = t('form.errors.required');
    else if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00`)))
      found.invoiceDate = t('form.errors.dateInvalid');
    else if (day > today) found.invoiceDate = t('form.errors.dateFuture');
    const value = amountOf(amount);
    if (!amount.trim()) found.amount = t('form.errors.required');
    else if (value === null) found.amount = t('form.errors.amountInvalid');
    else if (value < 0) found.amount = t('form.errors.amountNegative');
    if (!file && !editing) found.file = t('form.errors.photoRequired');
    else if (file && !isAccepted(file)) found.file = t('form.errors.photoType');
    return found;
  };

  const clear = (name: FieldName) => setErrors((current) => ({ ...current, [name]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (phase !== 'idle') return;
    setFailure(null);
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFailure(t('form.errors.fixFields'));
      return;
    }
    let upload: File | null = null;
    if (file) {
      setPhase('preparing');
      upload = await shrinkReceiptPhoto(file);
      if (upload.size > MAX_FILE_BYTES) {
        setErrors({ file: t('form.errors.photoTooLarge') });
        setPhase('idle');
        return;
      }
    }
    const form = new FormData();
    form.append('storeId', storeId);
    form.append('receiptNo', receiptNo.trim());
    form.append('invoiceDate', invoiceDateOf(day));
    form.append('amount', String(amountOf(amount)));
    if (campaignId) form.append('campaignId', campaignId);
    // The file last: the server reads the text fields first.
    if (upload) form.append('file', upload, upload.name);
    setPhase('sending');
    try {
      const saved = receipt
        ? await api.sendForm<CustomerReceipt>('PUT', `${RECEIPTS_PATH}/${receipt._id}`, form)
        : await api.sendForm<CustomerReceipt>('POST', RECEIPTS_PATH, form);
      onSent(saved);
    } catch (error) {
      const fields = error instanceof MicroSiteError ? (error.fields ?? {}) : {};
      const named = Object.fromEntries(
        Object.entries(fields).filter(([name]) => (FIELDS as readonly string[]).includes(name)),
      ) as Errors;
      setErrors(named);
      const others = Object.entries(fields).filter(([name]) => !(name in named));
      setFailure(
        others.length > 0
          ? others.map(([, message]) => message).join(' ')
          : Object.keys(named).length > 0
            ? t('form.errors.fixFields')
            : messageOf(error),
      );
    } finally {
      setPhase('idle');
    }
  };

  const busy = phase !== 'idle';
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <SelectField
        label={t('form.store')}
        name="storeId"
        value={storeId}
        onChange={(value) => {
          setStoreId(value);
          clear('storeId');
        }}
        options={options}
        placeholder={t('form.storePlaceholder')}
        disabled={busy}
        error={errors.storeId}
      />
      <Field
        label={t('form.receiptNo')}
        name="receiptNo"
        value={receiptNo}
        onChange={(value) => {
          setReceiptNo(value);
          clear('receiptNo');
        }}
        error={errors.receiptNo}
        required
        disabled={busy}
        autoComplete="off"
        htmlInput={{ maxLength: MAX_RECEIPT_NO }}
      />
      <Field
        label={t('form.date')}
        name="invoiceDate"
        type="date"
        shrink
        value={day}
        onChange={(value) => {
          setDay(value);
          clear('invoiceDate');
        }}
        error={errors.invoiceDate}
        required
        disabled={busy}
        htmlInput={{ max: today }}
      />
      <Field
        label={t('form.amount')}
        name="amount"
        value={amount}
        onChange={(value) => {
          setAmount(value);
          clear('amount');
        }}
        error={errors.amount}
        required
        disabled={busy}
        autoComplete="off"
        htmlInput={{ inputMode: 'decimal' }}
      />
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography component="span" variant="subtitle2">
          {t('form.photo')}
          {editing ? '' : ' *'}
        </Typography>
        <Box
          component="input"
          id={fileId}
          name="file"
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          disabled={busy}
          aria-invalid={Boolean(errors.file)}
          aria-describedby={`${fileId}-help`}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            setFile(event.target.files?.[0] ?? null);
            clear('file');
          }}
          // Visually hidden, still focusable and announced: the button-like label below opens it.
          sx={{
            ...visuallyHidden,
            '&:focus-visible + label': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        />
        {shown && (
          <Box
            component="img"
            src={shown}
            alt={t('form.photo')}
            sx={{
              width: '100%',
              maxHeight: 220,
              objectFit: 'contain',
              borderRadius: 2,
              bgcolor: 'grey.100',
              border: 1,
              borderColor: 'divider',
            }}
          />
        )}
        <Button
          component="label"
          htmlFor={fileId}
          variant={file ? 'outlined' : 'contained'}
          color={errors.file ? 'error' : 'primary'}
          size="large"
          disabled={busy}
          sx={{ py: 1.5 }}
        >
          {file || editing ? t('form.changePhoto') : t('form.takePhoto')}
        </Button>
        <FormHelperText id={`${fileId}-help`} error={Boolean(errors.file)} sx={{ mx: 0 }}>
          {errors.file ??
            (file
              ? t('form.chosen', { name: file.name })
              : editing
                ? t('form.keepPhoto')
                : t('form.photoHelp'))}
        </FormHelperText>
      </Box>
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy} sx={{ py: 1.5 }}>
        {phase === 'preparing'
          ? t('form.preparing')
          : phase === 'sending'
            ? t('form.sending')
            : editing
              ? t('form.resubmit')
              : t('form.submit')}
      </Button>
    </Box>
  );
}
