import type { FastifyReply } from 'fastify';
import type { CsvColumn } from '../_lib/list';

/**
 * CSV of the money screens, as _lib/list.ts writes it (UTF-8 BOM, `;`, CRLF, formulas neutralised)
 * except that a plain number stays a number: a negative balance « -1234,50 » is not a formula and
 * must not be turned into text (list.ts would prefix it with a quote).
 */
const NUMBER = /^-?\d+(,\d+)?$/;

function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = v instanceof Date ? v.toISOString() : typeof v === 'boolean' ? (v ? 'oui' : 'non') : String(v);
  const safe = !NUMBER.test(s) && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function moneyCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(';')];
  for (const r of rows) lines.push(columns.map((c) => cell(c.value(r))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function sendMoneyCsv<T>(reply: FastifyReply, name: string, columns: CsvColumn<T>[], rows: T[]) {
  const stamp = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`)
    .send(moneyCsv(columns, rows));
}
