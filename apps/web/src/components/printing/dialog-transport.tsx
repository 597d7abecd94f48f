import GlobalStyles from '@mui/material/GlobalStyles';
import { type ReactNode, useCallback, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { loadQr } from '../qr-code';
import { type PaperWidth, PrinterError, type PrinterTransport } from './transport';

/**
 * The print dialog, the fallback every browser has: it prints the HTML receipt, not bytes, so its
 * write() is never called (use-printer prints `html` through usePrintArea instead).
 */
export function dialogTransport(): PrinterTransport {
  return {
    kind: 'dialog',
    available: () => typeof window !== 'undefined' && typeof window.print === 'function',
    connect: async () => undefined,
    isConnected: () => true,
    write: () => Promise.reject(new PrinterError('unsupported', 'the print dialog prints HTML')),
  };
}

/**
 * Only `.print-area` (a child of <body>, outside the app) is printed, on a 58 or 80 mm roll with
 * no margin. The page is exactly as long as the receipt: browsers refuse `size: 58mm auto`, so the
 * height is measured (the area is laid out off screen, invisible) and written into @page. The width
 * reaches the receipt through the `--paper-width` CSS variable.
 */
function printStyles(width: PaperWidth, heightMm: number) {
  const w = `${width}mm`;
  return {
    '@media screen': {
      '.print-area': { position: 'absolute', left: -10000, top: 0, visibility: 'hidden', pointerEvents: 'none' },
    },
    '@media print': {
      '@page': { size: `${w} ${heightMm}mm`, margin: 0 },
      'html, body': { width: w, margin: 0, padding: 0, background: '#fff !important' },
      'body > *:not(.print-area)': { display: 'none !important' },
      '.print-area': { display: 'block', width: w },
    },
  } as const;
}

/** CSS pixels (96 per inch) to millimetres, rounded up, plus a little paper to tear off. */
export function pageHeightMm(px: number): number {
  return Math.ceil((px * 25.4) / 96) + 4;
}

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

/** The off-screen print area and the function that prints a node through the browser's dialog. */
export function usePrintArea(width: PaperWidth) {
  const [job, setJob] = useState<{ html: ReactNode; n: number } | null>(null);
  const [heightMm, setHeightMm] = useState(200);

  const printHtml = useCallback(async (html: ReactNode) => {
    // The QR code must be drawn before the print dialog takes its snapshot.
    await loadQr().catch(() => undefined);
    flushSync(() => setJob((j) => ({ html, n: (j?.n ?? 0) + 1 })));
    await nextFrame();
    const area = document.querySelector('.print-area');
    const height = area ? area.getBoundingClientRect().height : 0;
    if (height > 0) flushSync(() => setHeightMm(pageHeightMm(height)));
    window.print();
  }, []);

  // No style before the first job: a screen that never printed a receipt still prints as a page (Ctrl+P).
  const area = job ? (
    <>
      <GlobalStyles styles={printStyles(width, heightMm)} />
      {createPortal(
        <div className="print-area" key={job.n} style={{ ['--paper-width' as string]: `${width}mm` }}>
          {job.html}
        </div>,
        document.body,
      )}
    </>
  ) : null;
  return { printHtml, area };
}
