/**
 * The receipt of a collection (« collecte », issue 20 §2) as ESC/POS bytes for a 58 or 80 mm thermal
 * printer, from its rows (collection-model.ts, which the web's print dialog prints too): the company, the
 * collection's number and time, the agent, the amount collected (bold), what the agent owes now, the
 * note, a reversal if any, two signature lines. French, CP858, like the ticket and the closing.
 */
import type { Collection } from '../contracts/collections';
import { collectionPaper } from './collection-model';
import { centred, escposEncoder, type PaperWidth, row, rule, text, title } from './escpos-doc';

export { COLLECTION_LABELS, type CollectionPaper, collectionPaper } from './collection-model';

export function collectionEscpos(c: Collection, width: PaperWidth): Uint8Array {
  const paper = collectionPaper(c);
  const e = escposEncoder(width);
  title(e, paper.company.toUpperCase(), { large: true });
  e.newline();
  title(e, paper.title);
  for (const line of paper.head) centred(e, line);
  rule(e);
  for (const r of paper.rows) {
    if (r.strong) e.bold(true);
    row(e, r.label, r.value);
    if (r.strong) e.bold(false);
  }
  if (paper.notes.length) rule(e);
  for (const line of paper.notes) text(e, line);
  rule(e);
  for (const line of paper.footer) {
    e.newline();
    text(e, line);
    e.newline();
  }
  return e.cut('partial').encode();
}
