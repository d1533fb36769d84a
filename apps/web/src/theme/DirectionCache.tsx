import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

// Two caches with their own keys, so switching direction re-renders every style for that direction.
export const directionCaches = {
  ltr: createCache({ key: 'mui' }),
  rtl: createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] }),
};

/**
 * Right-to-left needs more than `theme.direction`: MUI's own styles use physical sides (`left`,
 * `padding-right`), which the stylis RTL plugin mirrors as the styles are written.
 */
export function DirectionCache({ direction, children }: { direction: 'ltr' | 'rtl'; children: ReactNode }) {
  return <CacheProvider value={directionCaches[direction]}>{children}</CacheProvider>;
}
