import { describe, expect, it } from 'vitest';
import { parseRouteId } from './route-id';

describe('parseRouteId', () => {
  it('reads a positive whole id', () => {
    expect(parseRouteId('42')).toBe(42);
    expect(parseRouteId('000123')).toBe(123);
  });

  it.each([undefined, '', '0', '-3', '1.5', '12abc', 'abc', '1e3', '1234567890123456'])('refuses %j', (raw) => {
    expect(parseRouteId(raw)).toBeNull();
  });
});
