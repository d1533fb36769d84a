import {
  type Channel,
  DEFAULT_TIMEZONE,
  isoDate,
  type Receipt,
  receipt,
  receiptCouponSmsResult,
  receiptDeskFields,
} from '@avlu/contracts';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { z } from 'zod';
import { api } from '../../lib/api';
import { takesRegistrations } from '../channels/channels.resource';
import { receipts } from '../loyalty/receipts.resource';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The desk enters receipts through a channel it finds customers through (open, data entry on) that
 * also takes receipts (`channel_cdp_receipt_entry`), as the server's receipt entry demands.
 */
export const takesDeskReceipts = (row: Channel) => takesRegistrations(row) && row.channel_cdp_receipt_entry;

/** Today at the mall (Istanbul), as the date field holds a day. */
export const mallToday = (now = new Date()) => dayjs(now).tz(DEFAULT_TIMEZONE).format('YYYY-MM-DD');

/**
 * The receipt's moment sent for the day picked: today is now (never in the future); an earlier day is
 * its noon at the mall, so the mall's time zone reads the same day.
 */
export const receiptMomentOf = (day: string, now = new Date()) =>
  day === mallToday(now) ? now.toISOString() : dayjs.tz(`${day}T12:00:00`, DEFAULT_TIMEZONE).toISOString();

const fields = receiptDeskFields().shape;
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/**
 * The desk's receipt form: the contracts' desk fields (spec §5: number, amount at least 0, currency,
 * store, optional campaign), with the photo as the chosen file, the date as a day (DD/MM/YYYY, not after
 * today at the mall, read at each check) and send_sms as a switch. A refusal says what the server would.
 */
export const deskReceiptForm = z.object({
  file: z.custom<File>((value) => value instanceof File, { message: 'validation.required' }),
  receipt_no: fields.receipt_no,
  receipt_amount: z.preprocess(blankToUndefined, fields.receipt_amount),
  currency: fields.currency,
  receipt_date: isoDate().refine((day) => day <= mallToday(), { message: 'validation.receiptDateInFuture' }),
  store_id: z.preprocess(blankToUndefined, fields.store_id),
  campaign_id: fields.campaign_id,
  send_sms: z.boolean(),
});
export type DeskReceiptFormInput = z.input<typeof deskReceiptForm>;
export type DeskReceiptValues = z.output<typeof deskReceiptForm>;

/** The multipart body of `POST /shopping-receipts/{channelId}` (spec §3's field names). */
export const deskReceiptBody = (values: DeskReceiptValues, photo: File, now = new Date()) => {
  const body = new FormData();
  body.append('receipt_no', values.receipt_no);
  body.append('receipt_amount', String(values.receipt_amount));
  body.append('currency', values.currency);
  body.append('receipt_date', receiptMomentOf(values.receipt_date, now));
  body.append('store_id', values.store_id);
  if (values.campaign_id) body.append('campaign_id', values.campaign_id);
  body.append('send_sms', String(values.send_sms));
  body.append('file', photo, photo.name);
  return body;
};

/**
 * `POST /shopping-receipts/{channelId}?customerId`: the desk enters the customer's receipt; it waits
 * for review. 'Fiş oluşturuldu' (spec §8); a refusal is the form's to show, under its field.
 */
export const useEnterDeskReceipt = () =>
  receipts.useAction(
    ({
      channelId,
      customerId,
      body,
    }: {
      channelId: string;
      customerId: string;
      body: FormData;
    }): Promise<Receipt> =>
      api.upload('POST', `/shopping-receipts/${channelId}`, body, { query: { customerId }, schema: receipt }),
    { invalidates: () => [receipts.keys.all], success: 'registration:receipts.created', error: false },
  );

/**
 * `GET /shopping-receipts/sms?customerId&couponCode`: a code the customer holds sent to their phone by
 * SMS. Never retried on its own: a call that went out may have sent it.
 */
export const useSendCouponSms = () =>
  receipts.useAction(
    ({ customerId, couponCode }: { customerId: string; couponCode: string }) =>
      api.get('/shopping-receipts/sms', {
        query: { customerId, couponCode },
        schema: receiptCouponSmsResult,
        dedupe: false,
        retry: 0,
      }),
    { invalidates: () => [], success: 'registration:coupons.smsSent' },
  );
