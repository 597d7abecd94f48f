/**
 * Golden bytes of sample tickets (58 and 80 mm) plus structural checks that hold whatever the layout.
 * A changed rendering fails here; accept it deliberately with `UPDATE_GOLDEN=1 npx vitest run …`,
 * then read the `.txt` dumps' diff before committing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ORIGIN, SAMPLES } from './__golden__/sample-tickets';
import { ticketEscpos } from './escpos';
import { COLUMNS, escposEncoder, PAPER_WIDTHS, printable, receiptAmount, twoColumns } from './escpos-doc';
import { copyOf, publicFicheUrl, ticketReceipt } from './model';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';

/** Printable ASCII as is, everything else as <hex>: the golden's reviewable twin. */
export function dump(bytes: Uint8Array): string {
  return Array.from(bytes, (b) =>
    b === 0x0a ? '\n' : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `<${b.toString(16).padStart(2, '0')}>`,
  ).join('');
}

const render = (name: keyof typeof SAMPLES, width: 58 | 80) =>
  ticketEscpos(ticketReceipt(SAMPLES[name], ORIGIN, { copy: copyOf(SAMPLES[name]) }), width);

/** The printed lines, each as [characters × width factor], commands skipped. */
function printedLines(bytes: Uint8Array): { text: string; cells: number }[] {
  const lines: { text: string; cells: number }[] = [];
  let text = '';
  let cells = 0;
  let factor = 1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      lines.push({ text, cells });
      text = '';
      cells = 0;
    } else if (b === 0x1b) {
      const c = bytes[i + 1];
      i += c === 0x40 ? 1 : 2; // ESC @ | ESC E n, ESC a n, ESC t n, ESC M n…
    } else if (b === 0x1c) {
      i += 1; // FS .
    } else if (b === 0x1d) {
      const c = bytes[i + 1];
      if (c === 0x21) factor = (bytes[i + 2]! >> 4) + 1;
      if (c === 0x28) i += 4 + bytes[i + 3]! + 256 * bytes[i + 4]!;
      else i += 2;
    } else {
      text += String.fromCharCode(b);
      cells += factor;
    }
  }
  if (text) lines.push({ text, cells });
  return lines;
}

const indexOf = (bytes: Uint8Array, seq: number[], from = 0) => {
  outer: for (let i = from; i <= bytes.length - seq.length; i++) {
    for (let j = 0; j < seq.length; j++) if (bytes[i + j] !== seq[j]) continue outer;
    return i;
  }
  return -1;
};

describe('ticket ESC/POS golden bytes', () => {
  for (const name of Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]) {
    for (const width of PAPER_WIDTHS) {
      it(`${name} at ${width} mm`, () => {
        const bytes = render(name, width);
        const bin = join(GOLDEN, `${name}-${width}.bin`);
        if (update) {
          mkdirSync(GOLDEN, { recursive: true });
          writeFileSync(bin, bytes);
          writeFileSync(join(GOLDEN, `${name}-${width}.txt`), dump(bytes));
        }
        expect(existsSync(bin), `${bin} missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
        const golden = new Uint8Array(readFileSync(bin));
        // Compare the dumps first: a failure then shows a readable diff.
        expect(dump(bytes)).toBe(dump(golden));
        expect(Buffer.from(bytes).equals(Buffer.from(golden))).toBe(true);
      });
    }
  }
});

describe('ticket ESC/POS structure', () => {
  for (const name of Object.keys(SAMPLES) as (keyof typeof SAMPLES)[]) {
    for (const width of PAPER_WIDTHS) {
      it(`${name} at ${width} mm: init, code page, QR with the link, cut, columns`, () => {
        const bytes = render(name, width);
        expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
        const codePage = indexOf(bytes, [0x1b, 0x74, 19]);
        expect(codePage).toBeGreaterThan(0);
        expect(codePage).toBeLessThan(32); // before any text (only centring spaces precede it)
        expect(bytes.findIndex((b) => b >= 0x80)).toBeGreaterThan(codePage);

        const url = publicFicheUrl(ORIGIN, SAMPLES[name].ref_code);
        const store = [0x1d, 0x28, 0x6b, (url.length + 3) & 0xff, (url.length + 3) >> 8, 0x31, 0x50, 0x30];
        const at = indexOf(bytes, [...store, ...Buffer.from(url, 'ascii')]);
        expect(at).toBeGreaterThan(0);
        expect(indexOf(bytes, [0x1d, 0x28, 0x6b, 0x04, 0x00, 0x31, 0x41, 0x32])).toBeGreaterThan(0); // model 2
        expect(indexOf(bytes, [0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30], at)).toBeGreaterThan(at); // print

        const cut = indexOf(bytes, [0x1d, 0x56]);
        expect(cut).toBeGreaterThan(at);
        expect([...bytes.slice(cut + 3)].every((b) => b === 0x0a)).toBe(true);

        const lines = printedLines(bytes);
        for (const line of lines) expect(line.cells, JSON.stringify(line.text)).toBeLessThanOrEqual(COLUMNS[width]);
        const all = lines.map((l) => l.text).join('\n');
        expect(all).toContain(SAMPLES[name].number.toString());
        expect(all).toContain('ABCD-2345');
        expect(all).toContain('12/06/2026');
        expect(bytes.includes(0x3f)).toBe(false); // no « ? »: every character had a glyph
      });
    }
  }

  it('prints « COPIE n » only on a copy', () => {
    expect(dump(render('copy', 58))).toContain('*** COPIE 2 ***');
    expect(dump(render('mariage', 58))).not.toContain('COPIE');
  });

  it('prints the 10-line ticket compactly', () => {
    const size = render('tenLines', 58).length;
    expect(size).toBeLessThan(1200);
  });
});

describe('code page CP858', () => {
  // The encoder ends a document with a line feed: drop it to look at the last glyphs.
  const encode = (s: string) => escposEncoder(58).text(printable(s)).encode().slice(0, -1);
  it('has a glyph for every accented letter of our French texts', () => {
    const letters = 'éèêàâçôûùîïëÉÈÊÀÂÇÔÛÙÎÏË«»';
    for (const c of letters) {
      const bytes = encode(c);
      const glyph = bytes[bytes.length - 1]!;
      expect(glyph, c).toBeGreaterThanOrEqual(0x80);
    }
    expect([...encode('é').slice(-1)]).toEqual([0x82]);
    expect([...encode('«»').slice(-2)]).toEqual([0xae, 0xaf]);
  });

  it('maps the typographic apostrophe and punctuation it lacks', () => {
    expect(printable('jusqu’au « 1 234,50 » – œuvre…')).toBe("jusqu'au « 1 234,50 » - oeuvre...");
    expect([...encode('’').slice(-1)]).toEqual([0x27]);
  });
});

describe('text helpers', () => {
  it('formats exact amounts', () => {
    expect(receiptAmount(123450)).toBe('1 234,50');
    expect(receiptAmount(5)).toBe('0,05');
    expect(receiptAmount(-100)).toBe('-1,00');
    expect(receiptAmount(900719925474099312n)).toBe('9 007 199 254 740 993,12');
  });

  it('aligns two columns and wraps a long left side', () => {
    expect(twoColumns('Bolet 23', '10,00', 20)).toEqual(['Bolet 23       10,00']);
    expect(twoColumns('Succursale de Pétion-Ville', '10,00', 20)).toEqual(['Succursale de', 'Pétion-Ville   10,00']);
  });
});
