import type { Language } from '@avlu/contracts';
import { enUS as coreEnUS, trTR as coreTrTR } from '@mui/material/locale';
import { enUS as gridEnUS, trTR as gridTrTR } from '@mui/x-data-grid/locales';
import { enUS as pickersEnUS, trTR as pickersTrTR } from '@mui/x-date-pickers/locales';

/**
 * MUI's translations per language, passed to createTheme. The core locale is needed beside the
 * DataGrid one: the grid's pagination count comes from the core TablePagination texts.
 */
export const muiLocales: Record<Language, readonly object[]> = {
  tr: [coreTrTR, gridTrTR, pickersTrTR],
  en: [coreEnUS, gridEnUS, pickersEnUS],
};
