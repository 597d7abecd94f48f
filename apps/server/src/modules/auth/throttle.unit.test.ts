import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { THROTTLE, throttleDecision } from './throttle';

describe('sign-in throttle decision', () => {
  it('answers at once for the first failures, then waits longer and longer, capped', () => {
    const waits = Array.from({ length: THROTTLE.refuseAfterUser }, (_, n) =>
      throttleDecision({ userFailures: n, ipFailures: 0 }),
    );
    expect(waits).toEqual([0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000]);
  });

  it('refuses with 429 from the 10th failure of a username or the 50th of an address', () => {
    for (const state of [
      { userFailures: 10, ipFailures: 0 },
      { userFailures: 0, ipFailures: 50 },
    ]) {
      try {
        throttleDecision(state);
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(AppError);
        expect((e as AppError).statusCode).toBe(429);
      }
    }
    expect(throttleDecision({ userFailures: 0, ipFailures: 49 })).toBe(0);
  });
});
