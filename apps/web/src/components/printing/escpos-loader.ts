/**
 * The ESC/POS encoder (receipt-printer-encoder, ~34 kB gzip) is a chunk of its own: a terminal on the
 * print dialog never needs it, and /pos paints without it. A terminal with a printer of bytes fetches it
 * as soon as the POS is up (PrinterProvider), so the print right after a sale never waits on the network.
 */
type Escpos = typeof import('@borlette/shared/receipt/escpos');

let loading: Promise<Escpos> | null = null;

export function loadEscpos(): Promise<Escpos> {
  loading ??= import('@borlette/shared/receipt/escpos').catch((error: unknown) => {
    loading = null; // a failed fetch (offline) is tried again by the next print
    throw error;
  });
  return loading;
}
