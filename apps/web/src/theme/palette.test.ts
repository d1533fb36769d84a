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
          ['secondary colour text', palette.secondary.main, page],
          ['info text', palette.info.main, page],
          ['success text', palette.success.main, page],
          ['warning text', palette.warning.main, page],
        ],
      ),
      ...(['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const).map(
        (tone): [string, string, string] => [
          `label on ${tone} (buttons, chips)`,
          palette[tone].contrastText,
          palette[tone].main,
        ],
      ),
    ];
    for (const [what, text, background] of pairs)
      expect(getContrastRatio(text, background), `${what}: ${text} on ${background}`).toBeGreaterThanOrEqual(
        AA,
      );
  });
});
