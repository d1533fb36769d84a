import type { WheelSlice } from '@avlu/contracts';
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { prefersReducedMotion } from './play-key';

const COLOURS = ['#c62828', '#f9a825', '#2e7d32', '#1565c0', '#6a1b9a', '#ef6c00', '#00838f', '#ad1457'];
const SPIN_MS = 4500;

/** The label of a slice in the page's language. */
export type SliceLabel = (slice: WheelSlice) => string;

const point = (angle: number, radius: number) => {
  const radians = ((angle - 90) * Math.PI) / 180;
  return `${(100 + radius * Math.cos(radians)).toFixed(3)} ${(100 + radius * Math.sin(radians)).toFixed(3)}`;
};

/**
 * The wheel (SVG): slices clockwise from the top, a pointer at the top. Given `target`, it turns a
 * few full turns and stops with that slice under the pointer (Web Animations with an easing that
 * slows down; at once when reduced motion is asked or animations are missing), then calls `onStop`.
 * The server chose the slice; the wheel only shows it.
 */
export function Wheel({
  slices,
  label,
  target,
  spinKey,
  onStop,
  title,
}: {
  slices: readonly WheelSlice[];
  label: SliceLabel;
  /** The slice to land on; null: at rest. */
  target: number | null;
  /** Changes with every play, so the same slice twice still spins. */
  spinKey: string | null;
  onStop: () => void;
  title: string;
}) {
  const disc = useRef<SVGGElement>(null);
  const angle = useRef(0);
  const stopped = useRef(onStop);
  stopped.current = onStop;
  const count = Math.max(slices.length, 1);
  const size = 360 / count;

  useEffect(() => {
    const element = disc.current;
    if (target === null || spinKey === null || !element) return;
    // The slice's middle under the pointer, after at least five more turns.
    const rest = (360 - (target + 0.5) * size) % 360;
    const from = angle.current;
    const turns = Math.ceil((from - rest) / 360) + 5;
    const to = rest + turns * 360;
    angle.current = to % 360;
    const end = `rotate(${to}deg)`;
    if (prefersReducedMotion() || typeof element.animate !== 'function') {
      element.style.transform = end;
      stopped.current();
      return;
    }
    const animation = element.animate([{ transform: `rotate(${from}deg)` }, { transform: end }], {
      duration: SPIN_MS,
      easing: 'cubic-bezier(0.12, 0.7, 0.18, 1)',
      fill: 'forwards',
    });
    let live = true;
    animation.onfinish = () => {
      element.style.transform = end;
      if (live) stopped.current();
    };
    return () => {
      live = false;
    };
  }, [target, spinKey, size]);

  return (
    <Box sx={{ position: 'relative', width: '100%', maxWidth: 340, mx: 'auto' }}>
      <Box
        component="svg"
        viewBox="0 0 200 200"
        role="img"
        aria-label={title}
        sx={{ display: 'block', width: '100%' }}
      >
        <g ref={disc} style={{ transformOrigin: '100px 100px', transformBox: 'view-box' }}>
          {slices.map((slice, index) => {
            const start = index * size;
            const end = start + size;
            const middle = start + size / 2;
            const text = label(slice);
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: slices repeat; their place is their identity
              <g key={index}>
                <path
                  d={`M100 100 L${point(start, 96)} A96 96 0 ${size > 180 ? 1 : 0} 1 ${point(end, 96)} Z`}
                  fill={slice.slice_kind === 'lose' ? '#eceff1' : COLOURS[index % COLOURS.length]}
                  stroke="#fff"
                  strokeWidth="1.5"
                />
                <text
                  transform={`rotate(${middle} 100 100)`}
                  x="100"
                  y="30"
                  textAnchor="middle"
                  fontSize={count > 8 ? 6 : 8}
                  fontWeight="700"
                  fill={slice.slice_kind === 'lose' ? '#37474f' : '#fff'}
                >
                  {text.length > 16 ? `${text.slice(0, 15)}…` : text}
                </text>
              </g>
            );
          })}
        </g>
        <circle cx="100" cy="100" r="12" fill="#fff" stroke="#263238" strokeWidth="2" />
        <path d="M100 16 L92 0 H108 Z" fill="#263238" />
      </Box>
    </Box>
  );
}
