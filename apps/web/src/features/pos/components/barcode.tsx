import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { code128Bars } from '../lib/code128';

/** The ticket number as a Code 128 barcode (black on white), for scanners and the camera. */
export function Barcode({ value, height, label }: { value: string; height: number | string; label: string }) {
  const drawn = useMemo(() => (/^\d+$/.test(value) ? code128Bars(value) : null), [value]);
  if (!drawn) return null;
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawn.total} 40`}
      preserveAspectRatio="none"
      sx={{ width: 1, height, display: 'block' }}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.total} height={40} fill="#fff" />
      {drawn.bars.map((b) => (
        <rect key={b.x} x={b.x} width={b.width} height={40} fill="#000" />
      ))}
    </Box>
  );
}
