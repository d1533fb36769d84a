import type { CSSProperties } from 'react';

/**
 * Read by screen readers, not shown (the status lines, the charts' tables while hidden). Lengths in
 * px strings: as `sx`, a bare 1 would be read as 100%, a bare -1 as a theme spacing.
 */
export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
