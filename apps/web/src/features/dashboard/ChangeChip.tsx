import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../lib/a11y/visually-hidden';
import { useLanguage } from '../../lib/i18n/use-language';
import { type Change, changeOf } from './change';
import './texts';

const signedFormats = (language: string) => {
  const locale = language === 'tr' ? 'tr-TR' : 'en-GB';
  return {
    percent: new Intl.NumberFormat(locale, {
      style: 'percent',
      maximumFractionDigits: 1,
      signDisplay: 'exceptZero',
    }),
    count: new Intl.NumberFormat(locale, { maximumFractionDigits: 0, signDisplay: 'exceptZero' }),
  };
};

/**
 * A change in a few characters: +%12,5 and -%40 against the previous period, +35 when the previous
 * period had none (no percentage of zero), %0 when equal; '–' for all time (nothing to compare).
 */
export const useChangeText = () => {
  const language = useLanguage();
  const formats = signedFormats(language);
  return (change: Change, value: number, previous: number | null) => {
    if (change === null || previous === null) return '–';
    if (change.direction === 'same') return formats.percent.format(0);
    if (change.ratio === null) return formats.count.format(value - previous);
    return formats.percent.format(change.direction === 'down' ? -change.ratio : change.ratio);
  };
};

/** The change as a sentence, for screen readers: 'Önceki döneme göre %12 artış'. */
export const useChangeSentence = () => {
  const { t } = useTranslation('dashboard');
  const language = useLanguage();
  const percent = new Intl.NumberFormat(language === 'tr' ? 'tr-TR' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  return (change: Change) => {
    if (change === null) return '';
    if (change.direction === 'same') return t('change.same');
    if (change.ratio === null) return t('change.fromZero');
    return t(`change.${change.direction}`, { value: percent.format(change.ratio) });
  };
};

const icons = { up: ArrowUpwardIcon, down: ArrowDownwardIcon, same: RemoveIcon };
const colours = { up: 'success', down: 'error', same: 'default' } as const;

/** The up/down chip of a figure against the previous period; nothing for all time. */
export function ChangeChip({ value, previous }: { value: number; previous: number | null }) {
  const text = useChangeText();
  const sentence = useChangeSentence();
  const change = changeOf(value, previous);
  if (change === null) return null;
  const Icon = icons[change.direction];
  return (
    <>
      <Chip
        aria-hidden
        size="small"
        variant="outlined"
        color={colours[change.direction]}
        icon={<Icon fontSize="small" />}
        label={text(change, value, previous)}
        sx={{ fontWeight: 600 }}
      />
      <span style={visuallyHidden}>{sentence(change)}</span>
    </>
  );
}
