import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

// scrypt from node:crypto: memory-hard, no native addon to build. N=2^15, r=8, p=1 (~32 MiB, ~60 ms).
// Test suites sign in thousands of times: they may lower N with TEST_SCRYPT_N (a power of two ≥ 1024),
// never below what a hash records, and never when NODE_ENV=production. Each hash keeps its own N, so
// a hash made at either cost verifies the same way.
const N = scryptCost(process.env);

/** The cost new hashes get: 2^15, or the test suites' lower TEST_SCRYPT_N outside production. */
export function scryptCost(env: NodeJS.ProcessEnv): number {
  const value = env.TEST_SCRYPT_N;
  if (!value || env.NODE_ENV === 'production') return 32768;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1024 && n <= 32768 && (n & (n - 1)) === 0 ? n : 32768;
}
const R = 8;
const P = 1;
const KEYLEN = 32;
const MAXMEM = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, key] = parts;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the user does not exist, so both paths take the same time. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
