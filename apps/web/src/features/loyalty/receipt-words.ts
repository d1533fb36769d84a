import { type Receipt, type ReceiptStatus, receiptLabels } from '@avlu/contracts';
import { useLanguage } from '../../lib/i18n/use-language';

/** The status chips' colours: what waits for staff stands out. */
export const receiptStatusColor: Record<ReceiptStatus, 'warning' | 'success' | 'error' | 'info'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
  uncertain: 'info',
};

/** The receipts' words (status, reason, source) the contracts share with the export. */
export const useReceiptWords = () => receiptLabels[useLanguage()];

/** An amount in its currency, in the screen's number format (1.234,50 ₺). */
export const formatMoney = (value: number, currency: Receipt['currency'], language: string) =>
  new Intl.NumberFormat(language === 'en' ? 'en' : 'tr-TR', { style: 'currency', currency }).format(value);
