import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { GeneratedAgent, generateAgentInput } from '@borlette/shared/contracts/generate-agent';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database, RawClient } from '../../db/client';
import { firstRow, oneRow, rows, type Sql, sql } from '../../db/sql';
import { audit } from '../../http/audit';
import type { RequestContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { hashPassword } from '../../lib/password';
import {
  assertAgentWithinSupervisor,
  assertSupervisorOfCompany,
  assertSurcussalesOfCompany,
} from '../_lib/people-query';
import { isUniqueViolation } from '../_lib/validate';

export type GenerateValues = z.output<typeof generateAgentInput>;

/** No look-alikes (0/O/o, 1/l/I, i): passwords are read off paper and typed on POS keyboards. */
const LOWER = 'abcdefghjkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
export const PASSWORD_ALPHABET = LOWER + UPPER + DIGITS;
export const PASSWORD_LENGTH = 12;

/** Uniform over the alphabet (rejection sampling), from the CSPRNG; at least one of each kind. */
export function generatePassword(length = PASSWORD_LENGTH): string {
  const n = PASSWORD_ALPHABET.length;
  const limit = 256 - (256 % n);
  for (;;) {
    let out = '';
    while (out.length < length) {
      for (const b of randomBytes(length * 2)) {
        if (b < limit && out.length < length) out += PASSWORD_ALPHABET[b % n];
      }
    }
    if ([LOWER, UPPER, DIGITS].every((set) => [...out].some((c) => set.includes(c)))) return out;
  }
}

/**
 * scrypt runs on libuv's thread pool (4 threads by default), takes ~32 MiB and one core for ~60 ms each:
 * hashing a batch a few at a time (at most the cores, at most 3) keeps memory bounded and leaves a pool
 * thread for other requests (sign-ins).
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(3, availableParallelism()));

export async function mapBounded<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** `username` is `prefix` followed by a number (1 to 12 digits), in SQL. */
const numbered = (prefix: string): Sql => sql`left(lower(username), char_length(${prefix}::text)) = ${prefix}::text
        AND substring(lower(username) FROM char_length(${prefix}::text) + 1) ~ '^[0-9]{1,12}$'`;

/** Highest number already used after `prefix` in the company (never another tenant's: issue 15, defect 14). */
async function lastNumber(raw: RawClient, prefix: string, companyId: number): Promise<number> {
  const row = await firstRow(
    raw,
    z.object({ n: z.number().nullable() }),
    sql`SELECT max(substring(lower(username) FROM char_length(${prefix}::text) + 1)::bigint) AS n
          FROM users WHERE company_id = ${companyId} AND ${numbered(prefix)}`,
  );
  return row?.n ?? 0;
}

const PREFIX_UNAVAILABLE =
  'Ce préfixe n’est pas disponible. Choisissez-en un autre (par exemple le code de votre compagnie).';

/**
 * Sign-in names are platform-wide: a prefix whose numbered names exist outside the company (another
 * company, platform staff) is refused without saying whose, so a batch's numbers never reveal another
 * tenant's names nor how many it has.
 */
async function assertPrefixOwn(raw: RawClient, prefix: string, companyId: number) {
  const found = await rows(
    raw,
    z.object({}),
    sql`SELECT 1 FROM users WHERE company_id IS DISTINCT FROM ${companyId} AND ${numbered(prefix)} LIMIT 1`,
  );
  if (found.length) throw new AppError(409, 'CONFLICT', PREFIX_UNAVAILABLE, { prefix: PREFIX_UNAVAILABLE });
}

const insertedRow = z.object({ id: z.number(), username: z.string(), last_name: z.string() });

const pad = (n: number) => String(n).padStart(3, '0');

/**
 * Creates `count` agents in one transaction: usernames `<prefix><number>` following the highest number
 * in use, strong random passwords answered once in clear and stored only hashed.
 */
export async function generateAgents(
  database: Database,
  ctx: RequestContext,
  companyId: number,
  input: GenerateValues,
  log: Pick<FastifyBaseLogger, 'info'>,
): Promise<GeneratedAgent[]> {
  const names = await assertSurcussalesOfCompany(database.raw, companyId, [input.surcussale_id], 'surcussale_id');
  const supervisorName = await assertSupervisorOfCompany(database.raw, companyId, input.supervisor_id);
  await assertAgentWithinSupervisor(database.raw, ctx, companyId, input);
  let prefix = input.prefix;
  if (!prefix) {
    const c = await oneRow(
      database.raw,
      z.object({ ref_code: z.string() }),
      sql`SELECT ref_code FROM companies WHERE id = ${companyId}`,
    );
    prefix = c.ref_code.toLowerCase().replace(/[^a-z0-9._-]/g, '');
    if (!/^[a-z]/.test(prefix)) prefix = `v${prefix}`;
  }

  await assertPrefixOwn(database.raw, prefix, companyId);

  const passwords = Array.from({ length: input.count }, () => generatePassword());
  const started = performance.now();
  const hashes = await mapBounded(passwords, HASH_CONCURRENCY, hashPassword);
  log.info({ count: input.count, ms: Math.round(performance.now() - started) }, 'generated agents hashed');

  for (let attempt = 1; ; attempt++) {
    try {
      const created = await database.transaction(async (tx) => {
        const start = (await lastNumber(tx, prefix, companyId)) + 1;
        const numbers = passwords.map((_, i) => pad(start + i));
        const usernames = numbers.map((n) => `${prefix}${n}`);
        const inserted = await rows(
          tx,
          insertedRow,
          sql`INSERT INTO users (company_id, role, username, first_name, last_name, surcussale_id, supervisor_id,
                                 commission_bp, can_cancel, password_hash)
              SELECT ${companyId}, 'agent', t.username, 'Vendeur', t.num, ${input.surcussale_id}, ${input.supervisor_id},
                     ${input.commission_bp}, ${input.can_cancel}, t.hash
                FROM unnest(${usernames}::text[], ${numbers}::text[], ${hashes}::text[]) WITH ORDINALITY AS t(username, num, hash, ord)
               ORDER BY t.ord
              RETURNING id, username, last_name`,
        );
        const byName = new Map(inserted.map((r) => [r.username, r]));
        const ordered = usernames.map((u) => byName.get(u) as (typeof inserted)[number]);
        for (const r of ordered) {
          await audit(tx, ctx, {
            action: 'generate',
            entity: 'agent',
            entityId: r.id,
            companyId,
            after: {
              username: r.username,
              surcussale_id: input.surcussale_id,
              supervisor_id: input.supervisor_id,
              commission_bp: input.commission_bp,
              can_cancel: input.can_cancel,
              batch: input.count,
            },
          });
        }
        return ordered;
      });
      return created.map((r, i) => ({
        id: r.id,
        username: r.username,
        password: passwords[i],
        first_name: 'Vendeur',
        last_name: r.last_name,
        surcussale_id: input.surcussale_id,
        surcussale_name: names.get(input.surcussale_id) ?? '',
        supervisor_id: input.supervisor_id,
        supervisor_name: supervisorName,
        commission_bp: input.commission_bp,
        can_cancel: input.can_cancel,
      }));
    } catch (err) {
      // Another batch with the same prefix took the numbers in between: take the next ones.
      if (isUniqueViolation(err, 'users_username_lower') && attempt < 3) continue;
      if (isUniqueViolation(err, 'users_username_lower')) {
        throw new AppError(409, 'CONFLICT', 'Ces noms d’utilisateur viennent d’être pris. Réessayez.', {
          prefix: 'Ces noms d’utilisateur viennent d’être pris. Réessayez.',
        });
      }
      throw err;
    }
  }
}
