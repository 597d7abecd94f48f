import fc from 'fast-check';
import {
  HOSTILE_PARAMS,
  hostileDate,
  hostileFile,
  hostileNumber,
  hostileString,
  hugeArray,
  PROTO_KEYS,
} from './values';

/**
 * What one fuzz case is made of, drawn by fast-check: who sends it, how its body travels, which
 * parts are mutated and how. `generate.ts` turns a plan into a request for one operation.
 */

/** Who sends the request (tokens set up by the test). */
export type Actor = 'superuser' | 'company' | 'supervisor' | 'agent' | 'none';

/** How the body travels: a JSON body, a multipart form, or a broken transport (always refused). */
export type Transport =
  | 'json'
  | 'multipart'
  | 'badJson'
  | 'wrongContentType'
  | 'emptyJson'
  | 'tooLarge'
  | 'badMultipart'
  | 'protoJson';

export type MutationKind =
  | 'missing'
  | 'wrongType'
  | 'string'
  | 'number'
  | 'boundary'
  | 'date'
  | 'huge'
  | 'null'
  | 'protoKey'
  | 'extraKey'
  | 'shape';

export interface Mutation {
  kind: MutationKind;
  part: 'body' | 'query';
  at: number;
  str: string;
  num: number;
  date: string;
  pick: number;
  arr: unknown[] | null;
  known?: boolean;
}

/** What fast-check generates; `buildCase` turns it into one request for a given operation. */
export interface Plan {
  actor: number;
  transport: Transport;
  mutations: Mutation[];
  param: string;
  paramRaw: boolean;
  extraQuery: string | null;
  file: { filename: string; contentType: string; data: Buffer } | null;
  badJson: number;
  multipartBreak: number;
  /** Bit i set: the i-th optional query parameter is sent (a list with every filter set says little). */
  optional: number;
  /** A forged or malformed Authorization header instead of the actor's token. */
  badAuth: string | null;
  /** An Object.prototype member (`constructor`, `__proto__`…) sent as every sort/order parameter. */
  protoSort: string | null;
}

const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<MutationKind>(
    'missing',
    'wrongType',
    'wrongType',
    'string',
    'string',
    'string',
    'number',
    'number',
    'boundary',
    'boundary',
    'date',
    'date',
    'huge',
    'null',
    'protoKey',
    'extraKey',
    'shape',
  ),
  part: fc.constantFrom<'body' | 'query'>('body', 'query'),
  at: fc.nat(),
  str: hostileString,
  num: hostileNumber,
  date: hostileDate,
  pick: fc.nat(),
  arr: fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: hugeArray }),
});

export const planArb: fc.Arbitrary<Plan> = fc.record({
  actor: fc.nat(),
  transport: fc.oneof(
    { weight: 14, arbitrary: fc.constant<Transport>('json') },
    { weight: 3, arbitrary: fc.constant<Transport>('multipart') },
    { weight: 1, arbitrary: fc.constant<Transport>('badJson') },
    { weight: 1, arbitrary: fc.constant<Transport>('wrongContentType') },
    { weight: 1, arbitrary: fc.constant<Transport>('emptyJson') },
    { weight: 1, arbitrary: fc.constant<Transport>('badMultipart') },
    { weight: 1, arbitrary: fc.constant<Transport>('protoJson') },
    { weight: 1, arbitrary: fc.constant<Transport>('tooLarge') },
  ),
  mutations: fc.array(mutationArb, { minLength: 1, maxLength: 3 }),
  param: fc.oneof(
    fc.constantFrom(...HOSTILE_PARAMS),
    hostileString.filter((s) => s.length < 300),
  ),
  paramRaw: fc.boolean(),
  extraQuery: fc.option(
    fc.constantFrom(
      '%',
      '%zz',
      '%00=%00',
      '%ED%A0%80=1',
      'a[b]=1&a[c]=2',
      '__proto__[x]=1',
      'constructor=1',
      '&&&=',
      '==',
    ),
    { freq: 4 },
  ),
  file: fc.option(hostileFile, { freq: 3 }),
  badJson: fc.nat(),
  multipartBreak: fc.nat(),
  optional: fc.nat(),
  protoSort: fc.oneof(
    { weight: 6, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  ),
  badAuth: fc.oneof(
    { weight: 15, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "Token ' OR 1=1 --",
        `Bearer ${'a'.repeat(5000)}`,
        'Basic YWRtaW46YWRtaW4=',
        'Token',
        'Bearer \u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000',
        'Token AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        'Token ../../../../etc/passwd',
        'token\ttoken',
      ),
    },
  ),
});
