import { describe, expect, it } from 'vitest';
import { hashPassword, scryptCost, verifyPassword } from './password';

describe('password hashing cost', () => {
  it('is 2^15 by default and in production, whatever TEST_SCRYPT_N says', () => {
    expect(scryptCost({})).toBe(32768);
    expect(scryptCost({ TEST_SCRYPT_N: '1024', NODE_ENV: 'production' })).toBe(32768);
  });

  it('takes a test cost only when it is a power of two between 2^10 and 2^15', () => {
    expect(scryptCost({ TEST_SCRYPT_N: '1024' })).toBe(1024);
    for (const bad of ['512', '1000', '65536', 'x', '-1024', '1024.5'])
      expect(scryptCost({ TEST_SCRYPT_N: bad })).toBe(32768);
  });

  it('verifies a hash by the cost it records, so both costs check the same', async () => {
    const hash = await hashPassword('demo1234');
    expect(hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('demo1234', hash)).toBe(true);
    expect(await verifyPassword('demo1235', hash)).toBe(false);
    const strong = hash.replace(/^scrypt\$\d+\$/, 'scrypt$32768$');
    // Same salt and key but a different recorded cost: the key no longer matches.
    expect(await verifyPassword('demo1234', strong)).toBe(hash === strong);
  });
});
