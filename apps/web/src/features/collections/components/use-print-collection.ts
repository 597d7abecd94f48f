import type { Collection } from '@borlette/shared/contracts/collections';
import { useCallback, useState } from 'react';
import { type PrintOutcome, usePrinter } from '../../../components/printing/use-printer';
import { collectionDocument } from './collection-receipt';

/**
 * Prints a collection's receipt on this device's printer (the POS's settings, same transports). A
 * printer of bytes chosen but not connected yet is chosen now, from the click that prints (the
 * browser's chooser needs one). Never throws: the collection stands; a failure is kept with its
 * collection, for « Réimprimer ».
 */
export function usePrintCollection() {
  const printer = usePrinter();
  const [failure, setFailure] = useState<{ collection: Collection; message: string } | null>(null);
  const [printing, setPrinting] = useState(false);
  const { connected, connect, printDocument } = printer;

  const print = useCallback(
    async (collection: Collection): Promise<PrintOutcome> => {
      setPrinting(true);
      setFailure(null);
      try {
        const ready = connected ? ({ ok: true } as const) : await connect();
        const outcome = ready.ok ? await printDocument(collectionDocument(collection)) : ready;
        if (!outcome.ok) setFailure({ collection, message: outcome.message });
        return outcome;
      } finally {
        setPrinting(false);
      }
    },
    [connected, connect, printDocument],
  );

  return { print, printing: printing || printer.busy, failure, clearFailure: () => setFailure(null) };
}
