import { randomUUID } from 'node:crypto';
import type { ApiRoute } from '../../src/http/auth';
import {
  FIELD_KIND,
  ID_KIND_BY_URL,
  type Kind,
  looksLikeId,
  NOT_IDS,
  UNDOCUMENTED_BODIES,
} from './access-matrix-kinds';

/**
 * The access matrix's plan: each route's fields (and the kind of record each id field names) and
 * sample input, read from the OpenAPI document. The kinds and the world's ids: access-matrix-kinds.ts.
 */

// ---------------------------------------------------------------------------------------------------
// The OpenAPI document: fields of each route.

export type JsonSchema = Record<string, unknown>;
export interface Field {
  location: 'path' | 'query' | 'body';
  name: string;
  required: boolean;
  schema: JsonSchema;
  kind?: Kind;
}
export interface RoutePlan {
  route: ApiRoute;
  fields: Field[];
  documented: boolean;
  hasJsonBody: boolean;
  extra?: (today: string) => Record<string, unknown>;
}

export function resolver(doc: { components?: { schemas?: Record<string, JsonSchema> } }) {
  const resolve = (s: unknown): JsonSchema => {
    let cur = (s ?? {}) as JsonSchema;
    for (let i = 0; i < 20 && typeof cur.$ref === 'string'; i++) {
      const name = String(cur.$ref).split('/').pop() as string;
      cur = doc.components?.schemas?.[name] ?? {};
    }
    return cur;
  };
  return resolve;
}

/** The object variant of a schema (an `anyOf` of object | null, for example), or null. */
export function objectOf(schema: JsonSchema, resolve: (s: unknown) => JsonSchema): JsonSchema | null {
  const s = resolve(schema);
  if (s.type === 'object' || s.properties) return s;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = s[key] as unknown[] | undefined;
    if (!list) continue;
    if (key === 'allOf') {
      const merged: JsonSchema = { type: 'object', properties: {}, required: [] };
      for (const part of list) {
        const o = objectOf(part as JsonSchema, resolve);
        if (!o) continue;
        Object.assign(merged.properties as object, o.properties ?? {});
        (merged.required as string[]).push(...((o.required as string[]) ?? []));
      }
      return merged;
    }
    for (const part of list) {
      const o = objectOf(part as JsonSchema, resolve);
      if (o) return o;
    }
  }
  return null;
}

export const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

export function planRoutes(
  routes: ApiRoute[],
  doc: Record<string, unknown>,
): { plans: RoutePlan[]; unknown: string[] } {
  const resolve = resolver(doc as never);
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>;
  const unknown: string[] = [];
  const plans = routes.map((route): RoutePlan => {
    const op = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    const fields: Field[] = [];
    for (const m of route.url.matchAll(/:([A-Za-z_]\w*)/g)) {
      fields.push({ location: 'path', name: m[1], required: true, schema: { type: 'string' } });
    }
    for (const p of (op?.parameters ?? []) as Record<string, unknown>[]) {
      if (p.in !== 'query') continue;
      fields.push({
        location: 'query',
        name: String(p.name),
        required: Boolean(p.required),
        schema: resolve(p.schema),
      });
    }
    const content = (op?.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
    const jsonSchema = content?.['application/json']?.schema;
    const body = jsonSchema ? objectOf(jsonSchema as JsonSchema, resolve) : null;
    if (body) {
      const required = new Set((body.required as string[]) ?? []);
      for (const [name, schema] of Object.entries((body.properties ?? {}) as Record<string, unknown>)) {
        fields.push({ location: 'body', name, required: required.has(name), schema: resolve(schema) });
      }
    }
    const extra = UNDOCUMENTED_BODIES[`${route.method} ${route.url}`];
    if (extra && !body) {
      for (const [name, kind] of Object.entries(extra.ids)) {
        const array = name === 'surcussales' || name === 'agents' || name === 'tirages';
        fields.push({ location: 'body', name, required: true, schema: array ? { type: 'array' } : {}, kind });
      }
    }
    for (const f of fields) {
      if (f.kind) continue;
      const byField = FIELD_KIND[f.name];
      let kind: Kind | undefined = typeof byField === 'function' ? byField(route.url) : byField;
      if (!kind && (f.name === 'id' || f.location === 'path')) {
        kind = ID_KIND_BY_URL.find(([re]) => re.test(route.url))?.[1];
      }
      if (kind) f.kind = kind;
      else if ((looksLikeId(f.name) && !(f.name in NOT_IDS)) || f.location === 'path') {
        unknown.push(`${route.method} ${route.url}: id field « ${f.name} » (${f.location}) of unknown record kind`);
      }
    }
    return {
      route,
      fields,
      documented: Boolean(op),
      hasJsonBody: Boolean(body),
      extra: body ? undefined : extra?.rest,
    };
  });
  return { plans, unknown };
}

// ---------------------------------------------------------------------------------------------------
// Minimal values for the fields that are not ids, generated from their JSON schema.

/** Values a field's name calls for (its schema alone often says "a string" where a date is meant). */
export function byName(name: string, today: string): unknown {
  if (/(^|_)date$/.test(name)) return today;
  if (/^(starts|ends)_at$/.test(name)) return `${today}T${name === 'ends_at' ? '20' : '08'}:00`;
  if (name === 'month') return today.slice(0, 7);
  if (name === 'code' || name === 'lotto_id') return 20;
  if (name === 'reason' || name === 'note') return 'Motif matrice';
  if (name === 'stake' || name === 'max_amount' || name === 'amount') return 1000;
  if (name === 'pick3') return '123';
  if (name === 'pick4') return '1234';
  if (name === 'open_time') return '08:00';
  if (name === 'close_time') return '20:00';
  if (/password$/.test(name)) return 'secret-pass-123';
  if (name === 'username') return `matrice${Math.floor(Math.random() * 1e9)}`;
  if (name === 'email') return 'matrice@example.com';
  return undefined;
}

export function sample(
  schema: JsonSchema,
  resolve: (s: unknown) => JsonSchema,
  today: string,
  depth = 0,
  name = '',
): unknown {
  const s = resolve(schema);
  if (depth > 6) return null;
  const named = byName(name, today);
  if (named !== undefined) return named;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ('default' in s && s.default !== undefined) return s.default;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const list = s[key] as JsonSchema[] | undefined;
    if (list?.length) {
      const pick = list.map((x) => resolve(x)).find((x) => x.type !== 'null') ?? list[0];
      return sample(pick, resolve, today, depth + 1, name);
    }
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((x) => x !== 'null') : (s.type as string);
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    const required = new Set((s.required as string[]) ?? []);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, JsonSchema>)) {
      if (required.has(k)) out[k] = sample(v, resolve, today, depth + 1, k);
    }
    return out;
  }
  if (type === 'array') {
    const n = Number(s.minItems ?? 0);
    return Array.from({ length: n }, () => sample((s.items ?? {}) as JsonSchema, resolve, today, depth + 1));
  }
  if (type === 'boolean') return false;
  if (type === 'integer' || type === 'number') {
    let v = 1;
    if (typeof s.minimum === 'number') v = Math.max(v, s.minimum);
    if (typeof s.exclusiveMinimum === 'number') v = Math.max(v, s.exclusiveMinimum + 1);
    if (typeof s.maximum === 'number') v = Math.min(v, s.maximum);
    return v;
  }
  if (type === 'string') {
    if (name === 'number') return '12';
    if (s.format === 'date') return today;
    if (s.format === 'date-time') return new Date().toISOString();
    if (s.format === 'email') return 'matrice@example.com';
    if (s.format === 'uuid') return randomUUID();
    const min = Number(s.minLength ?? 1);
    const max = Number(s.maxLength ?? 64);
    if (typeof s.pattern === 'string') {
      const re = new RegExp(s.pattern);
      const candidates = ['12', '1234', '123', '00', '12345', '10:00', '10:00:00', 'HT', 'ZX', today, 'matrice', 'A1'];
      const hit = candidates.find((c) => re.test(c) && c.length >= min && c.length <= max);
      if (hit) return hit;
    }
    let v = 'matrice';
    while (v.length < min) v += 'x';
    return v.slice(0, Math.max(max, 1));
  }
  return 'matrice';
}

// ---------------------------------------------------------------------------------------------------
