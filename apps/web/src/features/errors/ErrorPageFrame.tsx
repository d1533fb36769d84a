import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LanguagePopover } from '../../components/language-popover/LanguagePopover';
import { Logo } from '../../components/logo/Logo';

/** A bare page with the logo and the language switch: error pages work signed in or not. */
export function ErrorPageFrame({ children }: { children: ReactNode }) {
  return (
    <Stack sx={{ minHeight: '100vh' }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, md: 5 }, py: 2 }}
      >
        <Box component={RouterLink} to="/" sx={{ color: 'text.primary', textDecoration: 'none' }}>
          <Logo size={32} />
        </Box>
        <LanguagePopover />
      </Stack>
      {children}
    </Stack>
  );
}
