import { describe, expect, it } from 'vitest';
import { checkBlockNumber, parseBlockNumbers } from './numbers';

describe('checkBlockNumber', () => {
  it('tells what a number covers', () => {
    expect(checkBlockNumber('07')).toEqual({ value: '07', kind: 'boule' });
    expect(checkBlockNumber('123')).toEqual({ value: '123', kind: 'loto3' });
    expect(checkBlockNumber('1234')).toEqual({ value: '1234', kind: 'loto4' });
    expect(checkBlockNumber('12345')).toEqual({ value: '12345', kind: 'loto5' });
  });

  it('normalises a mariage and refuses one ball twice', () => {
    expect(checkBlockNumber('78*56')).toEqual({ value: '56*78', kind: 'mariage' });
    expect(checkBlockNumber('45*45')).toEqual({ problem: 'sameBall' });
  });

  it('refuses anything else', () => {
    for (const bad of ['7', '123456', '12*3', 'ab', '12-34'])
      expect(checkBlockNumber(bad)).toEqual({ problem: 'format' });
  });
});

describe('parseBlockNumbers', () => {
  it('splits on spaces, commas, semicolons and lines, keeping « 56 * 78 » whole', () => {
    expect(parseBlockNumbers('12 34, 56 * 78;\n123').map((n) => n.value)).toEqual(['12', '34', '56*78', '123']);
  });

  it('reports the bad ones and the duplicates', () => {
    const parsed = parseBlockNumbers('12 1 34*12 12*34 12');
    expect(parsed.map((n) => n.problem)).toEqual([null, 'format', null, 'duplicate', 'duplicate']);
  });

  it('gives nothing for an empty text', () => {
    expect(parseBlockNumbers('  \n ')).toEqual([]);
  });
});
