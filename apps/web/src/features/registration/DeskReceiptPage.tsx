import {
  type Channel,
  type Customer,
  pointProviderCurrencies,
  RECEIPT_LIMITS,
  type Receipt,
} from '@avlu/contracts';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import {
  DateField,
  Form,
  NumberField,
  SelectField,
  SubmitButton,
  SwitchField,
  TextField,
  useZodForm,
} from '../../lib/form';
import { formatDateTime } from '../../lib/i18n/dates';
import { useLanguage } from '../../lib/i18n/use-language';
import { shrinkReceiptPhoto } from '../../micro-site/loyalty/shrink';
import { campaignName } from '../campaigns/campaigns.resource';
import { useDeskCampaigns } from '../campaigns/giving.resource';
import { formatMoney, receiptStatusColor, useReceiptWords } from '../loyalty/receipt-words';
import { useAllStores } from '../stores/stores.resource';
import { DeskCustomerFrame } from './ChannelFrame';
import { DoneCard } from './DoneCard';
import {
  type DeskReceiptFormInput,
  deskReceiptBody,
  deskReceiptForm,
  mallToday,
  takesDeskReceipts,
  useEnterDeskReceipt,
} from './desk-receipts.resource';
import { ReceiptPhotoField } from './ReceiptPhotoField';

/** An empty receipt of today; the approval SMS as the customer allows SMS. */
const blank = (customer: Customer): DeskReceiptFormInput => ({
  file: undefined as unknown as File,
  receipt_no: '',
  receipt_amount: null as unknown as number,
  currency: 'TRY',
  receipt_date: mallToday(),
  store_id: '',
  campaign_id: '',
  send_sms: customer.customer_sms_permission,
});

/** The receipt just entered: what was saved and that it waits for review. */
function EnteredReceipt({ receipt, onAnother }: { receipt: Receipt; onAnother: () => void }) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const words = useReceiptWords();
  const facts: [string, string][] = [
    [t('fields.receipt_no'), receipt.receipt_no],
    [t('fields.receipt_amount'), formatMoney(receipt.receipt_amount, receipt.currency, language)],
    [t('fields.receipt_date'), formatDateTime(receipt.receipt_date)],
    [t('fields.store_id'), receipt.store_name ?? '—'],
    ...(receipt.campaign_name ? [[t('fields.campaign_id'), receipt.campaign_name] as [string, string]] : []),
  ];
  return (
    <DoneCard
      title={t('receipts.created')}
      beside={
        <Chip
          size="small"
          color={receiptStatusColor[receipt.receipt_status]}
          label={words.status[receipt.receipt_status]}
        />
      }
    >
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, my: 2 }}
      >
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2">
        {receipt.send_sms ? t('receipts.waitsWithSms') : t('receipts.waits')}
      </Typography>
      {receipt.receipt_is_duplicate && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('receipts.duplicate')}
        </Alert>
      )}
      <Button variant="contained" sx={{ mt: 2 }} onClick={onAnother}>
        {t('receipts.another')}
      </Button>
    </DoneCard>
  );
}

function ReceiptEntry({ channel, customer }: { channel: Channel; customer: Customer }) {
  const { t } = useTranslation('registration');
  const language = useLanguage();
  const stores = useAllStores();
  const campaigns = useDeskCampaigns(channel._id);
  const enter = useEnterDeskReceipt();
  const form = useZodForm(deskReceiptForm, { defaultValues: blank(customer) });
  const [entered, setEntered] = useState<Receipt | null>(null);

  const storeOptions = useMemo(
    () =>
      (stores.data ?? [])
        .filter((store) => store.store_is_active)
        .map((store) => ({ value: store._id, label: store.store_name })),
    [stores.data],
  );
  const campaignOptions = useMemo(
    () => [
      { value: '', label: t('receipts.noCampaign') },
      ...(campaigns.data ?? [])
        .filter((campaign) => campaign.campaign_type === 'receipt')
        .map((campaign) => ({ value: campaign._id, label: campaignName(campaign, language) })),
    ],
    [campaigns.data, language, t],
  );

  if (entered)
    return (
      <EnteredReceipt
        receipt={entered}
        onAnother={() => {
          form.reset(blank(customer));
          setEntered(null);
        }}
      />
    );

  return (
    <Card component="section" aria-label={t('receipts.heading')}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <ReceiptLongOutlinedIcon color="primary" />
          <Typography variant="h6" component="h2">
            {t('receipts.heading')}
          </Typography>
        </Stack>
        <Form
          form={form}
          labels="registration"
          onSubmit={async (values) => {
            let photo = values.file;
            try {
              photo = await shrinkReceiptPhoto(values.file);
            } catch {
              // The original goes: the server decodes and re-encodes it anyway.
            }
            if (photo.size > RECEIPT_LIMITS.fileBytes)
              throw new ApiError({
                statusCode: 413,
                code: 'PAYLOAD_TOO_LARGE',
                message: t('receipts.photoTooLarge'),
                fields: { file: t('receipts.photoTooLarge') },
              });
            const saved = await enter.mutateAsync({
              channelId: channel._id,
              customerId: customer._id,
              body: deskReceiptBody(values, photo),
            });
            setEntered(saved);
          }}
        >
          <ReceiptPhotoField name="file" hint="registration:receipts.photoHint" />
          <TextField
            name="receipt_no"
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: RECEIPT_LIMITS.receiptNo } }}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <NumberField name="receipt_amount" sx={{ flex: 2 }} />
            <SelectField
              name="currency"
              sx={{ flex: 1 }}
              options={pointProviderCurrencies.map((currency) => ({ value: currency, label: currency }))}
            />
          </Stack>
          <DateField name="receipt_date" disableFuture hint="registration:receipts.dateHint" />
          <SelectField
            name="store_id"
            options={storeOptions}
            hint={stores.isError ? 'registration:receipts.storesUnavailable' : undefined}
          />
          <SelectField
            name="campaign_id"
            options={campaignOptions}
            hint="registration:receipts.campaignHint"
          />
          <SwitchField name="send_sms" hint="registration:receipts.sendSmsHint" />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <SubmitButton>{t('receipts.submit')}</SubmitButton>
          </Stack>
        </Form>
      </CardContent>
    </Card>
  );
}

/**
 * /registration/customer/receipts/new/{channelId} (spec §2; issue 14): the desk finds the customer by
 * phone, then enters their receipt with its photo (the phone's camera on a phone) through a channel
 * that takes receipts; the receipt waits for review in Loyalty › Receipts.
 */
export default function DeskReceiptPage() {
  const { t } = useTranslation('registration');
  return (
    <DeskCustomerFrame
      title={t('receipts.title')}
      accepts={takesDeskReceipts}
      closedMessage="validation:receiptChannelClosed"
      lookupIntro={t('receipts.lookupIntro')}
    >
      {(channel, customer) => (
        // A form reads best at a form's width, however wide the screen.
        <Box sx={{ maxWidth: 640 }}>
          <ReceiptEntry channel={channel} customer={customer} />
        </Box>
      )}
    </DeskCustomerFrame>
  );
}
