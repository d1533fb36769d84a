import { useMemo } from 'react';
import { useLanguage } from './use-language';

/**
 * Figures as people of the language write them: 1.234.567, ₺1.234.567 and %12,5 in Turkish;
 * 1,234,567, ₺1,234,567 and 12.5% in English. Amounts are in the mall's currency: `money` in whole
 * units (cards, chart axes), `exactMoney` with kuruş (tables).
 */
export const useNumbers = (currency = 'TRY') => {
  const language = useLanguage();
  return useMemo(() => {
    const locale = language === 'tr' ? 'tr-TR' : 'en-GB';
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const money = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    const exactMoney = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
    const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const month = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    const shortMonth = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    const monthDate = (value: string) => new Date(`${value}-01T00:00:00Z`);
    return {
      count: (value: number) => count.format(value),
      money: (value: number) => money.format(value),
      exactMoney: (value: number) => exactMoney.format(value),
      /** A share (0.125 → %12,5); a dash where there is none. */
      percent: (value: number | null) => (value === null ? '–' : percent.format(value)),
      /** An average with one decimal: 4,0 and 3,5 in Turkish. */
      oneDecimal: (value: number) => oneDecimal.format(value),
      /** A month (yyyy-mm): 'Kasım 2026'. */
      month: (value: string) => month.format(monthDate(value)),
      /** A month on a chart's axis: 'Kas 2026'. */
      shortMonth: (value: string) => shortMonth.format(monthDate(value)),
    };
  }, [language, currency]);
};

export type Numbers = ReturnType<typeof useNumbers>;
