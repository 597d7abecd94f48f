import { isObj, type Obj } from './encode';
import type { JsonSchema } from './operations';
import type { Mutation } from './plan';
import { INT_BOUNDARIES, PROTO_KEYS, wrongTypeValues } from './values';

/** The n-th of `arr`, cycling. */
export const pick = <T>(arr: readonly T[], n: number): T => arr[n % arr.length];

/**
 * Values from a route's JSON schema for the fuzz: a plausible body or query (the skeleton) and the
 * mutations that break it (wrong types, missing fields, hostile values). Used by generate.ts.
 */
// ---------------------------------------------------------------------------------------------------------------
// Plausible values from a schema: the skeleton that mutations then break.

export function resolve(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; i < 5 && s.$ref; i++) {
    const name = s.$ref.split('/').pop() ?? '';
    s = defs[name] ?? {};
  }
  if (s.allOf?.length) s = Object.assign({}, ...s.allOf.map((x) => resolve(x, defs)), { allOf: undefined });
  return s;
}

export function mainType(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.enum?.length) return typeof s.enum[0];
  if (s.const !== undefined) return typeof s.const;
  return undefined;
}

export function plausible(schema: JsonSchema | undefined, defs: Record<string, JsonSchema>, depth = 0): unknown {
  const s = resolve(schema, defs);
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) {
    const first = alt.map((a) => resolve(a, defs)).find((a) => a.type !== 'null') ?? alt[0];
    return plausible(first, defs, depth);
  }
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== null) ?? s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (mainType(s)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) {
        // Names say more than a refined string: a plausible day, time of day; no sort (a column name).
        if (k === 'sort') continue;
        const sub = resolve(v, defs);
        const type = mainType(sub) ?? mainType(resolve((sub.anyOf ?? sub.oneOf)?.[0], defs));
        if (type === 'string' && !sub.enum && /date|day$/.test(k)) out[k] = '2026-01-15';
        else if (type === 'string' && !sub.enum && /time$/.test(k)) out[k] = '12:00';
        else out[k] = plausible(v, defs, depth + 1);
      }
      return out;
    }
    case 'array': {
      const items = Array.isArray(s.items) ? s.items : s.prefixItems;
      if (items) return items.map((i) => plausible(i, defs, depth + 1));
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: Math.min(n, 3) }, () => plausible(s.items as JsonSchema, defs, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min =
        typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      return Math.max(min, 1);
    }
    case 'boolean':
      return false;
    case 'string': {
      if (s.format === 'date' || /date/.test(String(s.pattern ?? ''))) return '2026-01-15';
      if (s.format === 'date-time') return '2026-01-15T12:00:00Z';
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      const n = Math.max(3, s.minLength ?? 3);
      return 'fuzz'.repeat(Math.ceil(n / 4)).slice(0, Math.min(n, s.maxLength ?? n));
    }
    default:
      return 'fuzz';
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Mutations.

/** Leaf paths of a value and the schema of each (objects are walked two levels deep, arrays at item 0). */
export function leaves(
  value: unknown,
  schema: JsonSchema | undefined,
  defs: Record<string, JsonSchema>,
  prefix: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; schema: JsonSchema }[] {
  const s = resolve(schema, defs);
  const out: { path: (string | number)[]; schema: JsonSchema }[] = [];
  if (prefix.length) out.push({ path: prefix, schema: s });
  if (depth > 2) return out;
  if (isObj(value)) {
    const alt = (s.anyOf ?? s.oneOf)?.map((a) => resolve(a, defs)).find((a) => a.properties);
    const props = s.properties ?? alt?.properties ?? {};
    for (const k of Object.keys(value)) out.push(...leaves(value[k], props[k], defs, [...prefix, k], depth + 1));
  } else if (Array.isArray(value) && value.length) {
    const items = Array.isArray(s.items) ? s.items[0] : s.items;
    out.push(...leaves(value[0], items, defs, [...prefix, 0], depth + 1));
  }
  return out;
}

export function setAt(root: unknown, p: (string | number)[], v: unknown, remove = false): void {
  let cur = root as Obj;
  for (const k of p.slice(0, -1)) cur = cur[k] as Obj;
  const last = p[p.length - 1];
  if (remove) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else {
    Object.defineProperty(cur, last, { value: v, enumerable: true, writable: true, configurable: true });
  }
}

export function requiredPaths(value: unknown, schema: JsonSchema | undefined, defs: Record<string, JsonSchema>) {
  const s = resolve(schema, defs);
  const out: string[][] = [];
  if (!isObj(value)) return out;
  for (const k of s.required ?? []) out.push([k]);
  for (const [k, sub] of Object.entries(s.properties ?? {})) {
    const r = resolve(sub, defs);
    if (isObj(value[k])) for (const rk of r.required ?? []) out.push([k, rk]);
  }
  return out;
}

export function mutate(
  target: Obj | unknown,
  schema: JsonSchema | undefined,
  defs: Record<string, JsonSchema>,
  m: Mutation,
) {
  if (!isObj(target)) return { value: target, what: '' };
  const value = target;
  const props = resolve(schema, defs).properties ?? {};
  // Forced mutations aim at a field the schema declares (an unknown key is dropped, not refused).
  const all = leaves(value, schema, defs).filter((l) => !m.known || Object.hasOwn(props, String(l.path[0])));
  const leaf = all.length ? pick(all, m.at) : undefined;
  const name = leaf?.path.join('.') ?? '';
  switch (m.kind) {
    case 'missing': {
      const req = requiredPaths(value, schema, defs);
      if (!req.length) return { value, what: '' };
      const p = pick(req, m.at);
      setAt(value, p, undefined, true);
      return { value, what: `missing ${p.join('.')}` };
    }
    case 'wrongType': {
      if (!leaf) return { value, what: '' };
      const v = pick(wrongTypeValues(mainType(leaf.schema)), m.pick);
      setAt(value, leaf.path, v);
      return { value, what: `wrong type at ${name}` };
    }
    case 'string':
      if (!leaf) return { value, what: '' };
      setAt(value, leaf.path, m.str);
      return { value, what: `hostile string at ${name}` };
    case 'number':
      if (!leaf) return { value, what: '' };
      setAt(value, leaf.path, m.num);
      return { value, what: `number ${m.num} at ${name}` };
    case 'boundary': {
      // Numbers of the edges of smallint / integer / bigint, in a numeric field (an id, a code, an amount).
      const numeric = all.filter(
        (l) => ['integer', 'number'].includes(mainType(l.schema) ?? '') || /id$|code$/.test(String(l.path.at(-1))),
      );
      const n = numeric.length ? pick(numeric, m.at) : leaf;
      if (!n) return { value, what: '' };
      const v = pick(INT_BOUNDARIES, m.pick);
      setAt(value, n.path, v);
      return { value, what: `boundary ${v} at ${n.path.join('.')}` };
    }
    case 'date': {
      const dated = all.filter((l) =>
        /date|time|_at$|^at$|start|end|from|to$|day|period|month/.test(String(l.path.at(-1))),
      );
      const d = dated.length ? pick(dated, m.at) : leaf;
      if (!d) return { value, what: '' };
      setAt(value, d.path, m.date);
      return { value, what: `date ${m.date} at ${d.path.join('.')}` };
    }
    case 'huge':
      if (!leaf) return { value, what: '' };
      if (m.arr && mainType(leaf.schema) === 'array') {
        setAt(value, leaf.path, m.arr);
        return { value, what: `huge array (${m.arr.length}) at ${name}` };
      }
      setAt(value, leaf.path, m.arr ?? 'Z'.repeat(100_001));
      return { value, what: `huge value at ${name}` };
    case 'null':
      if (!leaf) return { value, what: '' };
      setAt(value, leaf.path, null);
      return { value, what: `null at ${name}` };
    case 'protoKey': {
      const key = pick(PROTO_KEYS, m.pick);
      // An object (JSON), or an array: a form then sends `__proto__[0]`, `constructor[0]`…
      const v = pick<unknown>(
        [{ isAdmin: true, polluted: m.str.slice(0, 50) }, ['polluted', 'again'], 'polluted'],
        m.at,
      );
      setAt(value, [key], v);
      return { value, what: `key ${key}` };
    }
    case 'extraKey':
      setAt(value, [m.str.slice(0, 60) || 'x'], m.str.slice(0, 1000));
      return { value, what: 'extra key' };
    case 'shape':
      return { value: pick<unknown>([[], [value], 'x', 42, true, null, [[]]], m.pick), what: 'body not an object' };
  }
}
