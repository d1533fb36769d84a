import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';

/** Share of an area's cover scratched away at which it counts as revealed. */
const REVEALED_AT = 0.45;
const BRUSH = 22;

/**
 * One area: the image (or an empty area) under a silver cover drawn on a canvas, scratched away by
 * pointer or touch (`destination-out`). Once enough is gone the cover lifts and `onRevealed` is called.
 */
function Area({
  image,
  revealed,
  onRevealed,
  label,
  emptyText,
  coveredText,
}: {
  image: string | null;
  revealed: boolean;
  onRevealed: () => void;
  label: string;
  emptyText: string;
  coveredText: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const moves = useRef(0);

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context) return;
    element.width = element.offsetWidth || 120;
    element.height = element.offsetHeight || 120;
    context.fillStyle = '#b0bec5';
    context.fillRect(0, 0, element.width, element.height);
    context.fillStyle = '#cfd8dc';
    for (let x = 0; x < element.width; x += 12)
      for (let y = (x / 12) % 2 ? 6 : 0; y < element.height; y += 12) context.fillRect(x, y, 4, 4);
  }, []);

  const scratch = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !drawing.current) return;
    const box = element.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * element.width;
    const y = ((event.clientY - box.top) / box.height) * element.height;
    context.globalCompositeOperation = 'destination-out';
    context.beginPath();
    context.arc(x, y, BRUSH, 0, Math.PI * 2);
    context.fill();
    // Counting the cleared pixels costs a read of the canvas: every few moves.
    if (++moves.current % 6 !== 0) return;
    const { data } = context.getImageData(0, 0, element.width, element.height);
    let clear = 0;
    for (let index = 3; index < data.length; index += 16) if (data[index] === 0) clear++;
    if (clear / (data.length / 16) >= REVEALED_AT) onRevealed();
  };

  return (
    <Box
      role="listitem"
      aria-label={revealed ? (image ? undefined : `${label}: ${emptyText}`) : `${label}: ${coveredText}`}
      sx={{
        position: 'relative',
        aspectRatio: '1',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        border: 1,
        borderColor: 'divider',
      }}
    >
      {image ? (
        <Box
          component="img"
          src={image}
          alt={revealed ? label : ''}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      ) : (
        <Typography
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeItems: 'center',
            color: 'text.secondary',
          }}
        >
          {revealed ? emptyText : ''}
        </Typography>
      )}
      {!revealed && (
        <Box
          component="canvas"
          ref={canvas}
          aria-hidden
          data-testid="scratch-cover"
          onPointerDown={(event: React.PointerEvent<HTMLCanvasElement>) => {
            drawing.current = true;
            event.currentTarget.setPointerCapture?.(event.pointerId);
            scratch(event);
          }}
          onPointerMove={scratch}
          onPointerUp={() => {
            drawing.current = false;
          }}
          onPointerCancel={() => {
            drawing.current = false;
          }}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            bgcolor: '#b0bec5',
            touchAction: 'none',
            cursor: 'grab',
          }}
        />
      )}
    </Box>
  );
}

/**
 * The scratch card: the areas the server chose (each the image it shows, or empty), covered until
 * scratched; "reveal all" uncovers every area at once (keyboards, screen readers, no patience).
 * `onDone` is called once all are revealed.
 */
export function ScratchCard({
  areas,
  onDone,
  texts,
}: {
  areas: readonly (string | null)[];
  onDone: () => void;
  texts: {
    title: string;
    hint: string;
    revealAll: string;
    area: (index: number) => string;
    empty: string;
    covered: string;
  };
}) {
  const [revealed, setRevealed] = useState<boolean[]>(() => areas.map(() => false));
  const done = useRef(false);
  const finished = useRef(onDone);
  finished.current = onDone;
  useEffect(() => {
    if (!done.current && revealed.length > 0 && revealed.every(Boolean)) {
      done.current = true;
      finished.current();
    }
  }, [revealed]);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Typography color="text.secondary">{texts.hint}</Typography>
      <Box
        role="list"
        aria-label={texts.title}
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${Math.min(areas.length, 3)}, 1fr)`,
          gap: 1,
        }}
      >
        {areas.map((image, index) => (
          <Area
            // biome-ignore lint/suspicious/noArrayIndexKey: an area is its place on the card
            key={index}
            image={image}
            revealed={revealed[index] ?? false}
            label={texts.area(index + 1)}
            emptyText={texts.empty}
            coveredText={texts.covered}
            onRevealed={() =>
              setRevealed((current) => current.map((value, at) => (at === index ? true : value)))
            }
          />
        ))}
      </Box>
      <Button
        variant="outlined"
        onClick={() => setRevealed((current) => current.map(() => true))}
        disabled={revealed.every(Boolean)}
      >
        {texts.revealAll}
      </Button>
    </Box>
  );
}
