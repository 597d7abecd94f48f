import type { FicheView } from '@borlette/shared/contracts/fiches';
import { ticketReceipt } from '@borlette/shared/receipt/model';
import GlobalStyles from '@mui/material/GlobalStyles';
import { createContext, type ReactNode, useCallback, useContext, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { loadQr } from '../../../../components/qr-code';
import { RECEIPT_WIDTH, Receipt } from './receipt';

type Print = (fiche: FicheView, options?: { reprint?: boolean }) => Promise<void>;

const PrintContext = createContext<Print | null>(null);

export function usePrint(): Print {
  const print = useContext(PrintContext);
  if (!print) throw new Error('usePrint must be used inside <PrintProvider>');
  return print;
}

/**
 * Printing: only `.pos-print-area` (a child of <body>, outside the app) is printed, on a 58 mm roll
 * with no margin. The page is exactly as long as the receipt: browsers refuse `size: 58mm auto`, so
 * the height is measured (the area is laid out off screen, invisible) and written into @page.
 */
function printStyles(heightMm: number) {
  return {
    '@media screen': {
      '.pos-print-area': { position: 'absolute', left: -10000, top: 0, visibility: 'hidden', pointerEvents: 'none' },
    },
    '@media print': {
      '@page': { size: `${RECEIPT_WIDTH} ${heightMm}mm`, margin: 0 },
      'html, body': { width: RECEIPT_WIDTH, margin: 0, padding: 0, background: '#fff !important' },
      'body > *:not(.pos-print-area)': { display: 'none !important' },
      '.pos-print-area': { display: 'block', width: RECEIPT_WIDTH },
    },
  } as const;
}

/** CSS pixels (96 per inch) to millimetres, rounded up, plus a little paper to tear off. */
export function pageHeightMm(px: number): number {
  return Math.ceil((px * 25.4) / 96) + 4;
}

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

export function PrintProvider({ children }: { children: ReactNode }) {
  const [job, setJob] = useState<{ fiche: FicheView; reprint: boolean; n: number } | null>(null);
  const [heightMm, setHeightMm] = useState(200);

  const print = useCallback<Print>(async (fiche, options = {}) => {
    // The QR code must be drawn before the print dialog takes its snapshot.
    await loadQr().catch(() => undefined);
    flushSync(() => setJob((j) => ({ fiche, reprint: !!options.reprint, n: (j?.n ?? 0) + 1 })));
    await nextFrame();
    const area = document.querySelector('.pos-print-area');
    const height = area ? area.getBoundingClientRect().height : 0;
    if (height > 0) flushSync(() => setHeightMm(pageHeightMm(height)));
    window.print();
  }, []);

  return (
    <PrintContext.Provider value={print}>
      <GlobalStyles styles={printStyles(heightMm)} />
      {children}
      {job
        ? createPortal(
            <div className="pos-print-area" key={job.n}>
              <Receipt
                data={ticketReceipt(job.fiche, window.location.origin, {
                  copy: job.reprint ? Math.max(2, job.fiche.print_count) : undefined,
                })}
              />
            </div>,
            document.body,
          )
        : null}
    </PrintContext.Provider>
  );
}
