import { describe, expect, it } from 'vitest';
import { daysKeys, urlKind } from './labels';

describe('result providers labels', () => {
  it('reads a week Monday first, and all seven days as one word', () => {
    expect(daysKeys([0, 1, 2, 3, 4, 5, 6])).toEqual(['days.all']);
    expect(daysKeys([6, 1, 0])).toEqual(['days.short.1', 'days.short.6', 'days.short.0']);
  });
  it('tells the built-in feeds from an address', () => {
    expect(urlKind('sandbox:')).toBe('sandbox');
    expect(urlKind('manual:')).toBe('manual');
    expect(urlKind('https://data.ny.gov')).toBe('http');
  });
});
