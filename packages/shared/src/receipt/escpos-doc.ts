/**
 * The ESC/POS building blocks shared by every printed document (tickets, day closing): a configured
 * encoder and small text-layout helpers that work in the printer's columns.
 *
 * Code page: CP858 (ESC t 19 in Epson's table, the same number on the Xprinter, POS-5890, Sunmi,
 * Citizen-compatible and most cheap 58 mm Bluetooth printers). It is CP850 with « € » at 0xD5: it has
 * every letter French and Creole need (é è ê à â ç ô û ù î ï ë ò) and « » ; it lacks the typographic
 * quotes and dashes, which `printable` maps to ASCII before encoding, so nothing prints as « ? ».
 */
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';

export type PaperWidth = 58 | 80;
export const PAPER_WIDTHS: readonly PaperWidth[] = [58, 80];
/** Font A (12×24 dots) columns: 384 dots on a 58 mm head, 576 on an 80 mm one. */
export const COLUMNS: Record<PaperWidth, number> = { 58: 32, 80: 48 };
/** The code page selected after initialisation (see the file comment). */
export const CODE_PAGE = 'cp858';
export const CODE_PAGE_NUMBER = 19;

export type EscposEncoder = ReceiptPrinterEncoder;

/** A fresh encoder for one document: ESC @, font A, CP858 selected (ESC t 19), LF line ends. */
export function escposEncoder(width: PaperWidth): EscposEncoder {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: COLUMNS[width],
    codepageMapping: 'epson',
    // Plain LF: ESC/POS prints and feeds on LF; a CR is ignored by most heads and costs a byte a line.
    newline: '\n',
    feedBeforeCut: 4,
  });
  // The encoder would select the code page lazily, before the first accent; select it up front so
  // every document starts the same way whatever the printer kept from a previous job.
  return encoder.initialize().codepage(CODE_PAGE).raw([0x1b, 0x74, CODE_PAGE_NUMBER]);
}

/** Characters CP858 lacks, mapped to their nearest printable form. */
const REPLACEMENTS: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
  '\u2026': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  '\u0153': 'oe',
  '\u0152': 'OE',
  '\u0178': 'Y',
  '\u2022': '-',
  '\u2192': '->',
  '\u2190': '<-',
};

/**
 * Symbols the encoder's CP858 table puts in the code page's low « graphic » slots, i.e. bytes 0x01–0x1F
 * and 0x7F, which the printer reads as commands (← ESC, ↔ GS, ◙ LF, ► ¶ ☻ ☺ ◘ DLE DC4 2 1 8: power off).
 * A name holding them must not reset, cut or switch off the printer: they print as « ? »
 * (escpos-controls.test.ts scans every character through the encoder).
 */
const COMMAND_GLYPHS = new Set('§¶‼↑↓↔↕↨∟⌂▬▲►▼◄○◘◙☺☻☼♀♂♠♣♥♦♪♫');

/**
 * The text as the printer can print it (NFC, typographic punctuation to ASCII, control characters
 * dropped, symbols the printer would read as commands as « ? »).
 */
export function printable(text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((c) => REPLACEMENTS[c] ?? (c < ' ' || c === '\x7f' ? '' : COMMAND_GLYPHS.has(c) ? '?' : c))
    .join('');
}

/** Integer minor units → « 1 234,50 » (French grouping with a plain space, exact at any size). */
export function receiptAmount(minor: number | bigint | string): string {
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const units = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const cents = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${units},${cents}`;
}

/** Cuts a text into lines of at most `width` characters, at spaces where possible. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = printable(text).trim();
  while (rest.length > width) {
    const space = rest.lastIndexOf(' ', width);
    const cut = space > 0 ? space : width;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  lines.push(rest);
  return lines;
}

/** `left` and `right` on one line of `columns` characters (left wraps above when both do not fit). */
export function twoColumns(left: string, right: string, columns: number): string[] {
  const r = printable(right);
  if (!r) return wrap(left, columns);
  if (r.length >= columns - 1) return [...wrap(left, columns), ...wrap(r, columns).map((l) => l.padStart(columns))];
  const lines = wrap(left, columns);
  const last = lines.pop() ?? '';
  const room = columns - r.length - 1;
  if (last.length > room) return [...lines, last, r.padStart(columns)];
  return [...lines, `${last.padEnd(room)} ${r}`];
}

/** A line of dashes across the paper. */
export function ruleLine(columns: number, char = '-'): string {
  return char.repeat(columns);
}

/** Prints a two-column row in the encoder's columns. */
export function row(encoder: EscposEncoder, left: string, right: string): EscposEncoder {
  for (const line of twoColumns(left, right, encoder.columns)) encoder.line(line);
  return encoder;
}

/** Prints a dashed rule. */
export function rule(encoder: EscposEncoder): EscposEncoder {
  return encoder.line(ruleLine(encoder.columns));
}

/** Prints a centred text, wrapped; `large` is bold, double width and height (half the columns). */
export function title(encoder: EscposEncoder, text: string, options: { large?: boolean } = {}): EscposEncoder {
  const columns = options.large ? Math.floor(encoder.columns / 2) : encoder.columns;
  encoder.align('center').bold(true);
  if (options.large) encoder.size(2, 2);
  for (const line of wrap(text, columns)) encoder.line(line);
  if (options.large) encoder.size(1, 1);
  return encoder.bold(false).align('left');
}

/** Prints a left-aligned text, wrapped at spaces. */
export function text(encoder: EscposEncoder, value: string): EscposEncoder {
  for (const line of wrap(value, encoder.columns)) encoder.line(line);
  return encoder;
}

/** Prints centred plain lines. */
export function centred(encoder: EscposEncoder, text: string): EscposEncoder {
  encoder.align('center');
  for (const line of wrap(text, encoder.columns)) encoder.line(line);
  return encoder.align('left');
}
