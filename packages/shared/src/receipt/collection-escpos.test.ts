/**
 * Golden bytes of sample collection receipts (58 and 80 mm). A changed rendering fails here; accept it
 * deliberately with `UPDATE_GOLDEN=1 npx vitest run --project unit packages/shared/src/receipt/collection-escpos.test.ts`,
 * then read the `.txt` dumps' diff before committing.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from './__golden__/sample-collections';
import { collectionEscpos, collectionPaper } from './collection-escpos';
import { PAPER_WIDTHS } from './escpos-doc';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';
type Name = keyof typeof COLLECTIONS;
const NAMES = Object.keys(COLLECTIONS) as Name[];

const dump = (bytes: Uint8Array) =>
  Array.from(bytes, (b) =>
    b === 0x0a ? '\n' : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `<${b.toString(16).padStart(2, '0')}>`,
  ).join('');

describe('collection receipt ESC/POS golden bytes', () => {
  for (const name of NAMES) {
    for (const width of PAPER_WIDTHS) {
      it(`${name} at ${width} mm`, () => {
        const bytes = collectionEscpos(COLLECTIONS[name], width);
        const bin = join(GOLDEN, `collection-${name}-${width}.bin`);
        if (update || !existsSync(bin)) {
          writeFileSync(bin, bytes);
          writeFileSync(join(GOLDEN, `collection-${name}-${width}.txt`), dump(bytes));
        }
        expect(Buffer.from(bytes).equals(readFileSync(bin))).toBe(true);
      });
    }
  }

  it('names the amount, what the agent owes now, and a reversal', () => {
    const plain = collectionPaper(COLLECTIONS.plain);
    expect(plain.rows).toEqual([
      { label: 'Montant collecté (HTG)', value: '1 250,00', strong: true },
      { label: 'Le vendeur doit encore', value: '375,50' },
    ]);
    const reversed = collectionPaper(COLLECTIONS.reversed);
    expect(reversed.rows[1]).toEqual({ label: 'Défisi du vendeur', value: '25,00' });
    expect(reversed.notes.some((n) => n.startsWith('ANNULÉE le '))).toBe(true);
    expect(reversed.notes).toContain('Motif : Montant saisi deux fois');
  });
});
