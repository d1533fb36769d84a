import CloseIcon from '@mui/icons-material/Close';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import FormatTextdirectionLToRIcon from '@mui/icons-material/FormatTextdirectionLToR';
import FormatTextdirectionRToLIcon from '@mui/icons-material/FormatTextdirectionRToL';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { colorPresets, useFullscreen, useSettings } from '../../lib/settings';
import { presetPalettes } from '../../theme/palette';

export const SETTINGS_DRAWER_WIDTH = 260;

// Two labels side by side do not fit 260 px in Turkish; icon above text keeps them on one line.
const stackedSx = { flexDirection: 'column', gap: 0.5, py: 1.25, px: 0.5, fontSize: 13 } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.25} component="section" aria-label={title}>
      <Typography variant="overline" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

function ColorPresetPicker() {
  const { t } = useTranslation('settings');
  const { settings, update } = useSettings();
  return (
    <ToggleButtonGroup
      exclusive
      value={settings.themeColorPresets}
      onChange={(_, preset) => preset && update({ themeColorPresets: preset })}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1 }}
    >
      {colorPresets.map((preset) => (
        <ToggleButton
          key={preset}
          value={preset}
          aria-label={t(`presets.${preset}`)}
          sx={{ height: 52, borderRadius: '10px !important', border: 1, borderColor: 'divider' }}
        >
          <Box
            sx={{
              width: 22,
              height: 22,
              borderRadius: '50%',
              bgcolor: presetPalettes[preset].main,
              boxShadow: `0 0 0 4px ${presetPalettes[preset].lighter}`,
            }}
          />
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The look-and-feel panel (spec §4 UI settings); every choice is saved as soon as it is made. */
export function SettingsDrawer() {
  const { t } = useTranslation('settings');
  const { settings, update, reset, drawerOpen, setDrawerOpen } = useSettings();
  const { fullscreen, supported, toggle } = useFullscreen();

  return (
    <Drawer
      anchor="right"
      open={drawerOpen}
      onClose={() => setDrawerOpen(false)}
      slotProps={{
        paper: { sx: { width: SETTINGS_DRAWER_WIDTH }, 'aria-label': t('title') },
        backdrop: { invisible: true },
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('title')}
        </Typography>
        <Tooltip title={t('reset')}>
          <IconButton aria-label={t('reset')} onClick={reset}>
            <RestartAltIcon />
          </IconButton>
        </Tooltip>
        <IconButton aria-label={t('close')} onClick={() => setDrawerOpen(false)}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto' }}>
        <Section title={t('mode.label')}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={settings.themeMode}
            onChange={(_, mode) => mode && update({ themeMode: mode })}
          >
            <ToggleButton value="light" sx={{ gap: 1 }}>
              <LightModeOutlinedIcon fontSize="small" />
              {t('mode.light')}
            </ToggleButton>
            <ToggleButton value="dark" sx={{ gap: 1 }}>
              <DarkModeOutlinedIcon fontSize="small" />
              {t('mode.dark')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Section>

        <Section title={t('direction.label')}>
          <ToggleButtonGroup
            exclusive
            fullWidth
            value={settings.themeDirection}
            onChange={(_, direction) => direction && update({ themeDirection: direction })}
          >
            <ToggleButton value="ltr" sx={stackedSx}>
              <FormatTextdirectionLToRIcon fontSize="small" />
              {t('direction.ltr')}
            </ToggleButton>
            <ToggleButton value="rtl" sx={stackedSx}>
              <FormatTextdirectionRToLIcon fontSize="small" />
              {t('direction.rtl')}
            </ToggleButton>
          </ToggleButtonGroup>
        </Section>

        <Section title={t('presets.label')}>
          <ColorPresetPicker />
        </Section>

        <Section title={t('layout.label')}>
          <FormControlLabel
            control={
              <Switch
                checked={settings.themeStretch}
                onChange={(event) => update({ themeStretch: event.target.checked })}
              />
            }
            label={t('layout.stretch')}
          />
        </Section>
      </Stack>
      {supported && (
        <Box sx={{ p: 2.5, mt: 'auto' }}>
          <Button
            fullWidth
            size="large"
            variant="outlined"
            color="inherit"
            startIcon={fullscreen ? <FullscreenExitIcon /> : <FullscreenIcon />}
            onClick={toggle}
          >
            {fullscreen ? t('fullscreen.exit') : t('fullscreen.enter')}
          </Button>
        </Box>
      )}
    </Drawer>
  );
}
