import type { FicheView } from '@borlette/shared/contracts/fiches';
import { useCallback } from 'react';
import { type PrintOutcome, usePrinter } from '../../../../components/printing/use-printer';
import { getFicheById, useReprintFiche } from '../../api/pos-api';
import { ficheDocument } from '../../printing/fiche-document';

/**
 * POST reprint (the server counts and audits every copy), then print the copy marked « COPIE n ».
 * The request's failure throws (nothing was counted); the printer's comes back in `outcome`.
 */
export function useReprintAndPrint() {
  const { printDocument } = usePrinter();
  const reprint = useReprintFiche();
  const { mutateAsync } = reprint;
  const run = useCallback(
    async (id: number): Promise<{ fiche: FicheView; outcome: PrintOutcome }> => {
      const answer = await mutateAsync(id);
      // The reprint answers the ticket; if it does not carry the lines, read it again.
      const fiche = answer && Array.isArray(answer.lines) ? answer : await getFicheById(id);
      const outcome = await printDocument(ficheDocument(fiche, window.location.origin, Math.max(2, fiche.print_count)));
      return { fiche, outcome };
    },
    [mutateAsync, printDocument],
  );
  return { run, pendingId: reprint.isPending ? reprint.variables : null };
}
