import type { FicheView } from '@borlette/shared/contracts/fiches';
import { ticketReceipt } from '@borlette/shared/receipt/model';
import { loadEscpos } from '../../../components/printing/escpos-loader';
import type { PrintDocument } from '../../../components/printing/use-printer';
import { Receipt } from '../components/receipt/receipt';

/**
 * A ticket to print: the same receipt model gives the thermal printer's bytes and the dialog's HTML.
 * `copy` (n >= 2, the server's print count after a reprint) prints « COPIE n ».
 */
export function ficheDocument(fiche: FicheView, origin: string, copy?: number): PrintDocument {
  const receipt = ticketReceipt(fiche, origin, { copy });
  return {
    name: `fiche-${fiche.number}`,
    escpos: async (width) => (await loadEscpos()).ticketEscpos(receipt, width),
    html: <Receipt data={receipt} />,
  };
}
