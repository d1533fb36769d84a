import type { Language } from '@avlu/contracts';
import { enUS as coreEnUS, trTR as coreTrTR } from '@mui/material/locale';
import { enUS as gridEnUS, trTR as gridTrTR } from '@mui/x-data-grid/locales';
import { enUS as pickersEnUS, trTR as pickersTrTR } from '@mui/x-date-pickers/locales';

const formatTr = (value: number) => value.toLocaleString('tr-TR');

type DisplayedRows = { from: number; to: number; count: number; estimated?: number };

/** The pager's "1–10 of 25" in Turkish, which MUI X's trTR leaves to its English default. */
export const turkishDisplayedRows = ({ from, to, count, estimated }: DisplayedRows) => {
  const range = `${formatTr(from)}–${formatTr(to)}`;
  if (count !== -1 && count != null) return `${range} / ${formatTr(count)}`;
  return estimated && estimated > to
    ? `${range} / yaklaşık ${formatTr(estimated)}`
    : `${range} / ${formatTr(to)} üzeri`;
};

/**
 * What MUI X's trTR leaves to its English default in the grid we use (the MIT DataGrid; the Pro and
 * Premium texts are not shown): screen readers would read "Ad column menu" on a Turkish screen.
 * `mui-locales.test.tsx` fails when a grid on a Turkish screen still carries an English text.
 */
export const gridTurkishCompletion = {
  paginationDisplayedRows: turkishDisplayedRows,
  columnMenuAriaLabel: (columnName: string) => `${columnName} sütun menüsü`,
  noColumnsOverlayLabel: 'Sütun yok',
  noColumnsOverlayManageColumns: 'Sütunları yönet',
  headerFilterClear: 'Filtreyi temizle',
};

const gridTrTRCompleted = {
  components: { MuiDataGrid: { defaultProps: { localeText: gridTurkishCompletion } } },
};

/** MUI's translations per language, passed to createTheme (later entries override earlier ones). */
export const muiLocales: Record<Language, readonly object[]> = {
  tr: [coreTrTR, gridTrTR, gridTrTRCompleted, pickersTrTR],
  en: [coreEnUS, gridEnUS, pickersEnUS],
};
