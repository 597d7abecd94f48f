/**
 * What every paper the print dialog prints looks like (ticket, closing, test page): the roll's width
 * (the print area sets `--paper-width` to 58 or 80 mm; 58 mm on screen), monospace, black on white in
 * any theme. One place, so that the three papers never drift apart.
 */
export const PAPER_WIDTH = 'var(--paper-width, 58mm)';

export const paperSx = {
  width: PAPER_WIDTH,
  boxSizing: 'border-box',
  p: '3mm',
  bgcolor: '#fff',
  color: '#000',
  fontFamily: '"DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
  fontSize: '8.5pt',
  lineHeight: 1.35,
  '& *': { color: '#000' },
} as const;
