import type { PaletteOptions, Theme } from '@mui/material/styles';
import type { ColorPreset, ThemeMode } from '../lib/settings';

type Tone = {
  lighter: string;
  light: string;
  main: string;
  dark: string;
  darker: string;
  contrastText: string;
};

/**
 * The colour presets of the settings drawer; `default` is Avlu's own courtyard green. Each `main` is
 * text on the page greys and under white button labels, so it keeps 4.5:1 there (WCAG AA;
 * palette.test.ts checks every preset in both modes).
 */
export const presetPalettes: Record<ColorPreset, Tone> = {
  default: {
    lighter: '#D3F2EA',
    light: '#5CC3AA',
    main: '#0D7C64',
    dark: '#086450',
    darker: '#033B30',
    contrastText: '#FFFFFF',
  },
  purple: {
    lighter: '#EBE3FD',
    light: '#A98BF0',
    main: '#7048D8',
    dark: '#4F2CA8',
    darker: '#2D1668',
    contrastText: '#FFFFFF',
  },
  cyan: {
    lighter: '#D2F4FA',
    light: '#5ACCE3',
    main: '#087791',
    dark: '#055A70',
    darker: '#033E4D',
    contrastText: '#FFFFFF',
  },
  blue: {
    lighter: '#DCE7FE',
    light: '#77A0F6',
    main: '#2563EB',
    dark: '#1A47B0',
    darker: '#0D2566',
    contrastText: '#FFFFFF',
  },
  orange: {
    lighter: '#FFE9D2',
    light: '#FDAA5C',
    main: '#AF5409',
    dark: '#8A4207',
    darker: '#5E2902',
    contrastText: '#FFFFFF',
  },
  red: {
    lighter: '#FDE0DF',
    light: '#F2827C',
    main: '#CD3239',
    dark: '#9B2029',
    darker: '#5A0E15',
    contrastText: '#FFFFFF',
  },
};

export const grey = {
  50: '#F8FAFB',
  100: '#F2F5F7',
  200: '#E6EBEF',
  300: '#D4DBE1',
  400: '#A5B1BC',
  500: '#748290',
  600: '#54616E',
  700: '#37434F',
  800: '#212B36',
  900: '#141A21',
};

// Every main keeps 4.5:1 under its contrast text (a chip's label) and as text on the page greys.
const common = {
  secondary: { light: '#8C8CF0', main: '#5B5BD6', dark: '#3E3EA8', contrastText: '#FFFFFF' },
  info: { light: '#61C3F5', main: '#0973A8', dark: '#07587F', contrastText: '#FFFFFF' },
  success: { light: '#6BD68E', main: '#197A3F', dark: '#125C2F', contrastText: '#FFFFFF' },
  warning: { light: '#FFCE5C', main: '#B45309', dark: '#8A3F07', contrastText: '#FFFFFF' },
  error: { light: '#FF8A80', main: '#C33D41', dark: '#9E2A2E', contrastText: '#FFFFFF' },
  grey,
};

export const paletteFor = (mode: ThemeMode, preset: ColorPreset): PaletteOptions => {
  const primary = presetPalettes[preset];
  if (mode === 'dark') {
    return {
      mode,
      ...common,
      // Light tones on the dark page, and dark text on them: white on a light tone fails WCAG AA.
      primary: {
        ...primary,
        main: primary.light,
        light: primary.lighter,
        dark: primary.main,
        contrastText: grey[900],
      },
      secondary: { ...common.secondary, main: common.secondary.light, contrastText: grey[900] },
      info: { ...common.info, main: common.info.light, contrastText: grey[900] },
      success: { ...common.success, main: common.success.light, contrastText: grey[900] },
      warning: { ...common.warning, main: common.warning.light, contrastText: grey[900] },
      error: { ...common.error, main: common.error.light, contrastText: grey[900] },
      background: { default: '#10161C', paper: '#18212A' },
      text: { primary: '#F2F5F7', secondary: '#A5B1BC', disabled: '#637381' },
      divider: 'rgba(165, 177, 188, 0.16)',
      action: { hover: 'rgba(165, 177, 188, 0.08)', selected: 'rgba(165, 177, 188, 0.16)' },
    };
  }
  return {
    mode,
    ...common,
    primary,
    background: { default: '#F4F6F8', paper: '#FFFFFF' },
    text: { primary: '#1C252E', secondary: '#5B6976', disabled: '#A5B1BC' },
    divider: 'rgba(116, 130, 144, 0.2)',
    action: { hover: 'rgba(116, 130, 144, 0.08)', selected: 'rgba(116, 130, 144, 0.14)' },
  };
};

/**
 * A locked field's hint still tells something (a carried phone: "the code was sent to this
 * number"), so it keeps the secondary text colour instead of the disabled one, which has 2:1 on the
 * page greys. Both themes (back-office and micro-site) take it.
 */
export const readableDisabledHelperText = {
  MuiFormHelperText: {
    styleOverrides: {
      root: ({ theme }: { theme: Theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
    },
  },
} as const;
