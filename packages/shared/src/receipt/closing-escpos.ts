/**
 * The agent's day closing (Z report) as ESC/POS bytes for a 58 or 80 mm thermal printer: the company
 * bold and double size, one block per draw, the draws' total, the day's wallet from what was owed at
 * its start to what is owed at its end, two signature lines, feed and cut. The rows are
 * closing-model.ts's (the print dialog's HTML prints the same); French, CP858 (escpos-doc.ts).
 */
import type { AgentClosing } from '../contracts/closing';
import { closingPaper } from './closing-model';
import { centred, escposEncoder, type PaperWidth, row, rule, text, title } from './escpos-doc';

export function closingEscpos(closing: AgentClosing, width: PaperWidth): Uint8Array {
  const paper = closingPaper(closing);
  const e = escposEncoder(width);
  title(e, paper.company.toUpperCase(), { large: true });
  e.newline();
  title(e, paper.title);
  for (const line of paper.head) centred(e, line);
  if (paper.empty) {
    rule(e);
    text(e, paper.empty);
  }
  for (const section of paper.sections) {
    rule(e);
    title(e, section.title);
    for (const r of section.rows) {
      if (r.strong) e.bold(true);
      row(e, r.label, r.value);
      if (r.strong) e.bold(false);
    }
  }
  rule(e);
  for (const line of paper.footer) {
    e.newline();
    text(e, line);
    e.newline();
  }
  return e.cut('partial').encode();
}
