import type { MicroSiteAvailableGifts } from '@avlu/contracts';
import { useMicroSiteGet } from '../campaigns/data';

/** `GET` and `POST /ext/app/customers/shopping-receipts`; `PUT …/{id}` corrects a refused one. */
export const RECEIPTS_PATH = '/ext/app/customers/shopping-receipts';
/** The signed-in customer's balance and tier, and the gifts it buys now. */
export const AVAILABLE_GIFTS_PATH = '/ext/loyalty-customer/available-gifts';
export const GET_THE_GIFT_PATH = '/ext/loyalty-customer/get-the-gift';

/** The balance, tier and gifts (the main page shows the first two, the gifts page all). */
export const useAvailableGifts = () => useMicroSiteGet<MicroSiteAvailableGifts>(AVAILABLE_GIFTS_PATH);

/** A receipt that waits for the customer: refused, or to be looked at again. */
export const isResendable = (status: string) => status === 'rejected' || status === 'uncertain';

/** `YYYY-MM-DD` of a moment on the phone's calendar. */
export const localDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The receipt's moment sent for a day picked on the phone: today is now (never in the future); an
 * earlier day is its noon, so the mall's time zone reads the same day.
 */
export const invoiceDateOf = (day: string, now = new Date()) =>
  day === localDay(now) ? now.toISOString() : new Date(`${day}T12:00:00`).toISOString();

/** An amount as typed (`249,90` or `249.90`): the number, or null when it is not one. */
export const amountOf = (text: string): number | null => {
  const value = text.trim().replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : null;
};

export const formatPoints = (points: number, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'tr-TR').format(points);

export const formatAmount = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en-GB' : 'tr-TR', { style: 'currency', currency }).format(
    amount,
  );
