import { describe, expect, it } from 'vitest';
import { type CsvColumn, csvChunks, toCsv } from './list';

describe('CSV exports are produced in chunks (issue 15)', () => {
  const columns: CsvColumn<{ n: number; s: string }>[] = [
    { header: 'N°', value: (r) => r.n },
    { header: 'Texte', value: (r) => r.s },
  ];
  const rows = Array.from({ length: 1234 }, (_, i) => ({ n: i, s: i % 2 ? '=SUM(A1)' : 'a;b' }));

  it('yields the header then bounded chunks, together the same text as one string', () => {
    const chunks = [...csvChunks(columns, rows)];
    expect(chunks[0]).toBe('\uFEFFN°;Texte\r\n');
    // 1 234 rows in chunks of 500: never one string of the whole export.
    expect(chunks).toHaveLength(4);
    for (const c of chunks.slice(1)) expect(c.split('\r\n').length - 1).toBeLessThanOrEqual(500);
    const text = chunks.join('');
    expect(text).toBe(toCsv(columns, rows));
    expect(text.split('\r\n')[2]).toBe("1;'=SUM(A1)");
    expect(text.split('\r\n')[1]).toBe('0;"a;b"');
  });

  it('an empty export is its header', () => {
    expect(toCsv(columns, [])).toBe('\uFEFFN°;Texte\r\n');
  });
});
