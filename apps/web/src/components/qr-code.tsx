import Box from '@mui/material/Box';
import { useEffect, useMemo, useState } from 'react';
import { type Matrix, qrPath } from '../lib/qr-path';

type QrModule = {
  create: (text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }) => { modules: Matrix };
};

let loaded: QrModule | null = null;
let loading: Promise<QrModule> | null = null;

/** Downloads the `qrcode` package once (a lazy chunk: never part of the first screen). */
export function loadQr(): Promise<QrModule> {
  if (!loading) {
    const attempt = () => import('qrcode');
    // One quiet retry: a chunk may fail once (flaky network, a dev server re-bundling its deps).
    loading = attempt()
      .catch(() => new Promise<void>((r) => setTimeout(r, 1500)).then(attempt))
      .then((m) => {
        const mod = ('create' in m ? m : (m as unknown as { default: QrModule }).default) as QrModule;
        loaded = mod;
        return mod;
      });
    loading.catch(() => {
      loading = null; // a failed download may be retried by the next QR code
    });
  }
  return loading;
}

const MARGIN = 2;

/**
 * A QR code as an SVG drawn by React (black on white, whatever the theme), `size` in CSS units.
 * Shows an empty square of the same size while the library arrives.
 */
export function QrCode({ value, size, label }: { value: string; size: number | string; label: string }) {
  const [mod, setMod] = useState<QrModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (mod) return;
    let live = true;
    loadQr().then(
      (m) => live && setMod(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [mod]);
  const drawn = useMemo(() => {
    if (!mod) return null;
    const { modules } = mod.create(value, { errorCorrectionLevel: 'M' });
    return { path: qrPath(modules, MARGIN), side: modules.size + 2 * MARGIN };
  }, [mod, value]);
  if (!drawn)
    return (
      <Box
        role="img"
        aria-label={label}
        aria-busy={!failed}
        sx={{ width: size, height: size, bgcolor: '#fff', border: failed ? '1px dashed #999' : 'none' }}
      />
    );
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${drawn.side} ${drawn.side}`}
      sx={{ width: size, height: size, display: 'block' }}
      shapeRendering="crispEdges"
    >
      <rect width={drawn.side} height={drawn.side} fill="#fff" />
      <path d={drawn.path} fill="#000" />
    </Box>
  );
}
