import type { FicheView } from '@borlette/shared/contracts/fiches';
import { useCallback } from 'react';
import { getFicheById, useReprintFiche } from '../../api/pos-api';
import { usePrint } from './print-provider';

/** POST reprint (the server counts every copy), then print the copy marked « COPIE n ». */
export function useReprintAndPrint() {
  const print = usePrint();
  const reprint = useReprintFiche();
  const { mutateAsync } = reprint;
  const run = useCallback(
    async (id: number): Promise<FicheView> => {
      const answer = await mutateAsync(id);
      // The reprint answers the ticket; if it does not carry the lines, read it again.
      const fiche = answer && Array.isArray(answer.lines) ? answer : await getFicheById(id);
      await print(fiche, { reprint: true });
      return fiche;
    },
    [mutateAsync, print],
  );
  return { run, pendingId: reprint.isPending ? reprint.variables : null };
}
