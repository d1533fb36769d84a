import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/** Avlu's mark: a courtyard arch ("avlu" is Turkish for courtyard), coloured by the theme's preset. */
export function LogoMark({ size = 40 }: { size?: number }) {
  const theme = useTheme();
  return (
    <Box component="svg" viewBox="0 0 64 64" sx={{ width: size, height: size, flexShrink: 0 }} aria-hidden>
      <rect width="64" height="64" rx="16" fill={theme.palette.primary.main} />
      <path
        d="M16 50V30a16 16 0 0 1 32 0v20h-9V31a7 7 0 0 0-14 0v19z"
        fill={theme.palette.primary.contrastText}
      />
      <rect
        x="12"
        y="50"
        width="40"
        height="4"
        rx="2"
        fill={theme.palette.primary.contrastText}
        opacity={0.7}
      />
    </Box>
  );
}

export function Logo({ size = 40, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.25 }}>
      <LogoMark size={size} />
      {withName && (
        <Typography
          component="span"
          sx={{ fontWeight: 800, fontSize: size * 0.55, letterSpacing: '-0.02em' }}
        >
          Avlu
        </Typography>
      )}
    </Box>
  );
}
