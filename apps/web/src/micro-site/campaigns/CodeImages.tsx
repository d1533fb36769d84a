import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { encode } from 'uqr';
import { code128Modules, isCode128Text } from './code128';

/**
 * A coupon code as a QR code (uqr's encoder, ~5 KB gzipped, in the campaign pages' chunks only),
 * drawn as one SVG path of its dark modules on white, with the standard 4-module quiet zone.
 */
export function QrCode({ value, label, size = 184 }: { value: string; label: string; size?: number }) {
  const { modules, path } = useMemo(() => {
    const { data } = encode(value, { ecc: 'M', border: 4 });
    let d = '';
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { modules: data.length, path: d };
  }, [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="coupon-qr"
      viewBox={`0 0 ${modules} ${modules}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      sx={{ display: 'block', borderRadius: 1 }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </Box>
  );
}

/** Modules of white each side of a barcode (Code 128 asks for at least 10). */
const QUIET = 10;

/** A coupon code as a Code 128 barcode, for the tills whose scanners read barcodes only. */
export function Barcode({ value, label, height = 72 }: { value: string; label: string; height?: number }) {
  const bars = useMemo(() => {
    if (!isCode128Text(value)) return null;
    const modules = code128Modules(value);
    const runs: { x: number; width: number }[] = [];
    for (const match of modules.matchAll(/1+/g))
      runs.push({ x: match.index + QUIET, width: match[0].length });
    return { width: modules.length + 2 * QUIET, runs };
  }, [value]);
  if (!bars) return null;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      data-testid="coupon-barcode"
      viewBox={`0 0 ${bars.width} 40`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
      shapeRendering="crispEdges"
      sx={{ display: 'block', maxWidth: Math.max(240, bars.width * 2), mx: 'auto' }}
    >
      <rect width={bars.width} height={40} fill="#fff" />
      {bars.runs.map((run) => (
        <rect key={run.x} x={run.x} width={run.width} height={40} fill="#000" />
      ))}
    </Box>
  );
}
