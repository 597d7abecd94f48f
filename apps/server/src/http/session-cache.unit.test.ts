import { describe, expect, it } from 'vitest';
import type { AuthContext } from './auth';
import { SessionCache } from './session-cache';

const ctx = (userId: number, role: AuthContext['role'] = 'agent') => ({ userId, role }) as AuthContext;

describe('SessionCache', () => {
  it('serves an agent’s session until its time is up, then forgets it', () => {
    const cache = new SessionCache<AuthContext>(1000, 10);
    cache.set('a', ctx(1), 0);
    expect(cache.get('a', 999)?.userId).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps only agents’ sessions (the routes that use it are the agents’)', () => {
    const cache = new SessionCache<AuthContext>(1000, 10);
    cache.set('c', ctx(2, 'company'), 0);
    cache.set('s', ctx(3, 'superuser'), 0);
    expect(cache.size).toBe(0);
  });

  it('holds at most its size, dropping the oldest first; a refreshed entry is the newest', () => {
    const cache = new SessionCache<AuthContext>(10_000, 3);
    for (const k of ['a', 'b', 'c']) cache.set(k, ctx(1), 0);
    cache.set('a', ctx(1), 1);
    cache.set('d', ctx(1), 2);
    expect(cache.size).toBe(3);
    expect(cache.get('b', 3)).toBeUndefined();
    expect(cache.get('a', 3)).toBeDefined();
    expect(cache.get('d', 3)).toBeDefined();
  });
});
