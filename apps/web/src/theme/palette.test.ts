import { createTheme, getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { colorPresets, type ThemeMode } from '../lib/settings';
import { paletteFor } from './palette';

const AA = 4.5;

describe.each(['light', 'dark'] as ThemeMode[])('%s colours meet WCAG AA for text', (mode) => {
  it.each(colorPresets)('in the %s preset', (preset) => {
    const { palette } = createTheme({ palette: paletteFor(mode, preset) });
    const pages = [palette.background.default, palette.background.paper];
    const pairs: Array<[string, string, string]> = [
      ...pages.flatMap(
        (page): Array<[string, string, string]> => [
          ['primary text', palette.primary.main, page],
          ['secondary text', palette.text.secondary, page],
          ['body text', palette.text.primary, page],
          ['error text', palette.error.main, page],
        ],
      ),
      ['button label on primary', palette.primary.contrastText, palette.primary.main],
      ['button label on error', palette.error.contrastText, palette.error.main],
    ];
    for (const [what, text, background] of pairs)
      expect(getContrastRatio(text, background), `${what}: ${text} on ${background}`).toBeGreaterThanOrEqual(
        AA,
      );
  });
});
