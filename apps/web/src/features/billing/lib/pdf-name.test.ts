import { describe, expect, it } from 'vitest';
import { pdfFilename } from './pdf-name';

describe('invoice PDF file name', () => {
  it('prefers the server’s name, then the invoice number, then the id', () => {
    expect(pdfFilename('F-2025-03-0001.pdf', 'X', 7)).toBe('F-2025-03-0001.pdf');
    expect(pdfFilename(null, 'F-2025-03-0001', 7)).toBe('F-2025-03-0001.pdf');
    expect(pdfFilename(undefined, undefined, 7)).toBe('facture-7.pdf');
    expect(pdfFilename('', ' ', 7)).toBe('facture-7.pdf');
  });

  it('never keeps a path or reserved characters', () => {
    expect(pdfFilename('a/b\\c:d.PDF', null, 1)).toBe('a-b-c-d.PDF');
  });
});
