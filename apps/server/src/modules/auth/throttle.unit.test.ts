import { describe, expect, it } from 'vitest';
import { THROTTLE, throttleDelay } from './throttle';

describe('sign-in throttle delay', () => {
  it('answers at once for the first failures of (username, address), then waits longer and longer, capped', () => {
    const waits = Array.from({ length: THROTTLE.maxPerUserAddress }, (_, n) => throttleDelay(n));
    expect(waits).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('keeps the per-username ceiling far above the per-address limit, and the address bar between', () => {
    expect(THROTTLE.maxPerUser).toBeGreaterThanOrEqual(5 * THROTTLE.maxPerUserAddress);
    expect(THROTTLE.maxPerAddress).toBeGreaterThan(THROTTLE.maxPerUserAddress);
  });
});
