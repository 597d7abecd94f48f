/**
 * Golden bytes of sample day closings (58 and 80 mm) and checks that hold whatever the layout. A
 * changed rendering fails here; accept it deliberately with
 * `UPDATE_GOLDEN=1 npx vitest run --project unit packages/shared/src/receipt/closing-escpos.test.ts`,
 * then read the `.txt` dumps' diff before committing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLOSINGS } from './__golden__/sample-closings';
import { closingEscpos } from './closing-escpos';
import { closingPaper } from './closing-model';
import { COLUMNS, PAPER_WIDTHS, printable } from './escpos-doc';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';
type Name = keyof typeof CLOSINGS;
const NAMES = Object.keys(CLOSINGS) as Name[];

/** Printable ASCII as is, everything else as <hex>: the golden's reviewable twin. */
function dump(bytes: Uint8Array): string {
  return Array.from(bytes, (b) =>
    b === 0x0a ? '\n' : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `<${b.toString(16).padStart(2, '0')}>`,
  ).join('');
}

/** The printed lines with their width in cells (double width counts twice), commands skipped. */
function printedLines(bytes: Uint8Array): { text: string; cells: number }[] {
  const lines: { text: string; cells: number }[] = [];
  let text = '';
  let cells = 0;
  let factor = 1;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 0x0a) {
      lines.push({ text, cells });
      text = '';
      cells = 0;
    } else if (b === 0x1b) {
      i += bytes[i + 1] === 0x40 ? 1 : 2;
    } else if (b === 0x1c) {
      i += 1;
    } else if (b === 0x1d) {
      if (bytes[i + 1] === 0x21) factor = ((bytes[i + 2] as number) >> 4) + 1;
      i += 2;
    } else {
      text += String.fromCharCode(b);
      cells += factor;
    }
  }
  return lines;
}

describe('day closing ESC/POS golden bytes', () => {
  for (const name of NAMES) {
    for (const width of PAPER_WIDTHS) {
      it(`${name} at ${width} mm`, () => {
        const bytes = closingEscpos(CLOSINGS[name], width);
        const bin = join(GOLDEN, `closing-${name}-${width}.bin`);
        if (update) {
          mkdirSync(GOLDEN, { recursive: true });
          writeFileSync(bin, bytes);
          writeFileSync(join(GOLDEN, `closing-${name}-${width}.txt`), dump(bytes));
        }
        expect(existsSync(bin), `${bin} missing: run with UPDATE_GOLDEN=1 and review it`).toBe(true);
        const golden = new Uint8Array(readFileSync(bin));
        expect(dump(bytes)).toBe(dump(golden));
        expect(Buffer.from(bytes).equals(Buffer.from(golden))).toBe(true);
      });
    }
  }
});

describe('day closing ESC/POS structure', () => {
  for (const name of NAMES) {
    for (const width of PAPER_WIDTHS) {
      it(`${name} at ${width} mm: init, code page, columns, every row, cut`, () => {
        const bytes = closingEscpos(CLOSINGS[name], width);
        expect([...bytes.slice(0, 2)]).toEqual([0x1b, 0x40]);
        const codePage = bytes.findIndex((b, i) => b === 0x1b && bytes[i + 1] === 0x74 && bytes[i + 2] === 19);
        expect(codePage).toBeGreaterThan(0);
        expect(codePage).toBeLessThan(bytes.findIndex((b) => b >= 0x80));
        const lines = printedLines(bytes);
        for (const l of lines) expect(l.cells, JSON.stringify(l.text)).toBeLessThanOrEqual(COLUMNS[width]);
        const all = lines.map((l) => l.text).join('\n');
        expect(all).toContain('14/03/2026');
        expect(all).toContain('agent1');
        // Every value of the model is printed, right-aligned at the paper's edge.
        for (const section of closingPaper(CLOSINGS[name]).sections)
          for (const r of section.rows)
            expect(all.split('\n')).toContainEqual(
              expect.stringMatching(new RegExp(`${printable(r.value).replace(/[+]/g, '\\+')}$`)),
            );
        const cut = bytes.findIndex((b, i) => b === 0x1d && bytes[i + 1] === 0x56);
        expect(cut).toBeGreaterThan(0);
        expect(bytes.includes(0x3f)).toBe(false); // no « ? »: every character had a glyph
      });
    }
  }

  it('prints the accents in CP858 and amounts past 2^53 exact', () => {
    const day = dump(closingEscpos(CLOSINGS.day, 58));
    expect(day).toContain('CL<e2>TURE DE LA JOURN<90>E'); // Ô = 0xE2, É = 0x90
    expect(day).toContain('P<82>tion-Ville'); // é = 0x82
    expect(dump(closingEscpos(CLOSINGS.huge, 58))).toContain('90 071 992 547 409,93');
  });

  it('walks the wallet from the day’s start to its end, signed, and names a « défisi »', () => {
    const paper = closingPaper(CLOSINGS.quiet);
    const wallet = paper.sections.at(-1);
    expect(paper.empty).toBe('Aucune vente ni aucun paiement ce jour.');
    expect(wallet?.rows.map((r) => [r.label, r.value])).toEqual([
      ['Dû avant la journée', '100,00'],
      ['Solde de la journée', '0,00'],
      ['Dépôts', '\u2212300,00'],
      ['Retraits', '0,00'],
      ['Ajustements', '+50,00'],
      ['Transactions zéro', '\u2212100,00'],
      ['Défisi en fin de journée', '-250,00'],
    ]);
    // A ticket on two draws: the draws' total counts it twice, the distinct count says so.
    const total = closingPaper(CLOSINGS.day).sections.find((s) => s.title === 'TOTAL DES TIRAGES');
    expect(total?.rows.slice(0, 2)).toEqual([
      { label: 'Fiches', value: '4' },
      { label: 'Fiches distinctes', value: '3' },
    ]);
  });
});
