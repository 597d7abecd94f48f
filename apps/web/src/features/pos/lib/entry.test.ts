import { describe, expect, it } from 'vitest';
import { parseEntry, withoutLinePrefix } from './entry';

const ALL = [20, 30, 40, 41, 42, 43, 51, 52, 53];

describe('the sale input (one bet per Enter)', () => {
  it('reads the usual bets into centimes', () => {
    expect(parseEntry('23 10', ALL)).toEqual({ bets: [{ code: 20, number: '23', stake: 1000 }], errors: [], rest: '' });
    expect(parseEntry('34*12 5').bets).toEqual([{ code: 40, number: '12*34', stake: 500 }]);
    expect(parseEntry('123 2').bets).toEqual([{ code: 30, number: '123', stake: 200 }]);
    expect(parseEntry('4567 o1 1').bets).toEqual([{ code: 41, number: '4567', stake: 100 }]);
    expect(parseEntry('  23   12,50 ').bets).toEqual([{ code: 20, number: '23', stake: 1250 }]);
  });

  it('gives nothing for an empty input', () => {
    expect(parseEntry('   ')).toEqual({ bets: [], errors: [], rest: '' });
  });

  it('keeps what was typed and explains in French, without « Ligne 1 »', () => {
    const r = parseEntry('23', ALL);
    expect(r.bets).toEqual([]);
    expect(r.rest).toBe('23');
    expect(r.errors).toEqual([{ kind: 'parse', message: 'La mise est manquante pour « 23 »' }]);
    expect(parseEntry('4567 2').errors[0]).toMatchObject({
      kind: 'parse',
      message: expect.stringMatching(/^L’option/),
    });
  });

  it('refuses a game the company does not offer now', () => {
    const r = parseEntry('12345 o2 1', [20, 40]);
    expect(r.bets).toEqual([]);
    expect(r.rest).toBe('12345 o2 1');
    expect(r.errors).toEqual([{ kind: 'notOffered', code: 52, number: '12345', line: undefined }]);
    expect(parseEntry('12345 o2 1', null).bets).toHaveLength(1);
  });

  it('adds several bets separated by « ; » or new lines and keeps only the bad ones', () => {
    const r = parseEntry('23 10; 45 x ; 12*34 5\n99 1', ALL);
    expect(r.bets.map((b) => b.number)).toEqual(['23', '12*34', '99']);
    expect(r.rest).toBe('45 x');
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ kind: 'parse', message: expect.stringMatching(/^Pari 2 : /) });
    const refused = parseEntry('23 1;4567 o3 1', [20]);
    expect(refused.rest).toBe('4567 o3 1');
    expect(refused.errors).toEqual([{ kind: 'notOffered', code: 43, number: '4567', line: 2 }]);
  });

  it('capitalises a message once its line prefix is gone', () => {
    expect(withoutLinePrefix('Ligne 3 : la mise doit être positive')).toBe('La mise doit être positive');
  });
});
