import { type FigureColumn, formatCell, type NumberFormat } from '../../../lib/figures';

/**
 * What the printed report holds, as plain text: a header (company, title, period, filters, when it
 * was printed), the table's head, its rows and the totals line. The print sheet only lays it out,
 * so that the content is unit-tested without a browser.
 */
export interface PrintLayout {
  company: string;
  title: string;
  period: string;
  /** « Tirage : New York Soir », only the filters in force. */
  filters: { label: string; value: string }[];
  printedAt: string;
  /** « Montants en HTG ». */
  note: string;
  head: { text: string; align: 'left' | 'right' }[];
  /** Each cell's text and, under it, its caption (an agent's username and sub-branch…). */
  body: { text: string; caption: string | null }[][];
  /** One totals line per currency (amounts of different currencies are never added). */
  foot: string[][];
  /** The totals again, as « label: value » pairs for the header (a reader sees them first). */
  summary: { label: string; value: string }[];
  /** True when there is no row (the sheet says so instead of an empty table). */
  empty: boolean;
  /** Many columns: printed in landscape, smaller. */
  wide: boolean;
}

/** Beyond this many columns a report is printed in landscape. */
export const PORTRAIT_MAX_COLUMNS = 8;

export interface PrintInput<R, T> {
  company: string;
  title: string;
  period: string;
  filters: { label: string; value: string | null | undefined }[];
  printedAt: string;
  note: string;
  /** Columns with their translated header. */
  columns: (FigureColumn<R> & { header: string })[];
  rows: R[];
  /** The totals, one line per currency. */
  totals: T[];
  /** Text of the first cell of each totals line (« Total », « Total EUR »). */
  totalsLabel: string | string[];
  format: NumberFormat;
}

const cellOf = <R>(c: FigureColumn<R>, row: R, fmt: NumberFormat) => ({
  text: formatCell(c.kind, c.value(row), fmt),
  caption: c.caption?.(row) || null,
});

const labelOf = (label: string | string[], line: number) => (typeof label === 'string' ? label : label[line]);

export function printLayout<R, T>(input: PrintInput<R, T>): PrintLayout {
  const { columns, format: fmt } = input;
  return {
    company: input.company,
    title: input.title,
    period: input.period,
    filters: input.filters.filter((f): f is { label: string; value: string } => !!f.value),
    printedAt: input.printedAt,
    note: input.note,
    head: columns.map((c) => ({ text: c.header, align: c.kind === 'text' ? 'left' : 'right' })),
    body: input.rows.map((row) => columns.map((c) => cellOf(c, row, fmt))),
    // The totals have no label: the first text column carries « Total »; the others their sum.
    foot: input.totals.map((totals, line) =>
      columns.map((c, i) =>
        i === 0
          ? labelOf(input.totalsLabel, line)
          : c.kind === 'text'
            ? ''
            : formatCell(c.kind, c.value(totals as unknown as R), fmt),
      ),
    ),
    summary: input.totals.flatMap((totals, line) =>
      columns
        .filter((c) => c.kind !== 'text')
        .map((c) => ({
          label: input.totals.length > 1 ? `${c.header} (${labelOf(input.totalsLabel, line)})` : c.header,
          value: formatCell(c.kind, c.value(totals as unknown as R), fmt),
        })),
    ),
    empty: input.rows.length === 0,
    wide: columns.length > PORTRAIT_MAX_COLUMNS,
  };
}

/** « 01 mars 2027 – 07 mars 2027 », or one day alone. */
export function periodText(start: string, end: string, fDay: (day: string) => string): string {
  return start === end ? fDay(start) : `${fDay(start)} – ${fDay(end)}`;
}
