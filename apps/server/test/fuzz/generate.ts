import { BAD_JSON, encodeQuery, formFields, isObj, multipart, type Obj, wellFormed } from './encode';
import type { JsonSchema, Operation } from './operations';
import { refuses } from './operations';
import type { Actor, Mutation, Plan, Transport } from './plan';
import { mutate, pick, plausible, resolve } from './schema-values';

/** The request to send, with what makes it invalid. */
export interface FuzzCase {
  method: Operation['method'];
  route: string;
  url: string;
  actor: Actor;
  /** Replaces the actor's token (forged, malformed). */
  authorization?: string;
  /** The operation has an effect: the server must refuse this request. */
  write: boolean;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Why the server must refuse it (empty for a read that may well succeed). */
  invalid: string[];
  transport: Transport | 'none';
  kinds: string[];
}

export interface BuildContext {
  defs: Record<string, JsonSchema>;
  /** Who may call the operation, in the order the fuzz prefers them. */
  actors: (op: Operation) => Actor[];
}

/** A hostile path: each `:param` replaced by a value that is not an id. */
function buildPath(op: Operation, plan: Plan): { url: string; params: Record<string, string>; decodable: boolean } {
  const params: Record<string, string> = {};
  let decodable = true;
  const url = op.url.replace(/:(\w+)/g, (_m, name: string) => {
    const raw =
      plan.paramRaw && /^[\x21-\x7e]*$/.test(plan.param) ? plan.param : encodeURIComponent(wellFormed(plan.param));
    try {
      params[name] = decodeURIComponent(raw);
    } catch {
      decodable = false;
      params[name] = raw;
    }
    if (raw.length > 200 || raw.length === 0) decodable = false;
    return raw;
  });
  return { url, params, decodable };
}

/**
 * One request for `op`: the plan's mutations applied to plausible values, then, for a write that the
 * oracle (the route's own zod schemas) would still accept, more breakage until it is invalid.
 */
export function buildCase(op: Operation, plan: Plan, ctx: BuildContext): FuzzCase {
  const actors = ctx.actors(op);
  const actor = pick(actors, plan.actor);
  const hasParams = /:\w+/.test(op.url);
  const path = buildPath(op, plan);
  const invalid: string[] = [];
  const kinds: string[] = [];
  if (hasParams) {
    kinds.push('path');
    if (!path.decodable) invalid.push(`path ${op.url} <- ${path.url.slice(0, 60)}`);
    else if (refuses(op.zod.params, path.params)) invalid.push(`params ${JSON.stringify(path.params).slice(0, 80)}`);
  }

  const bodyMethod = op.method !== 'GET';
  const formSpec = op.form;
  const bodySchema = formSpec?.schema ?? op.json.body;
  const hasBody = bodyMethod && Boolean(bodySchema);
  let query: unknown = plausible(op.json.query, ctx.defs) ?? {};
  let body: unknown = hasBody ? plausible(bodySchema, ctx.defs) : undefined;
  if (!isObj(query)) query = {};
  const required = new Set(resolve(op.json.query, ctx.defs).required ?? []);
  Object.keys(query as Obj).forEach((k, i) => {
    if (!op.write && !required.has(k) && !(plan.optional & (1 << (i % 30)))) delete (query as Obj)[k];
  });

  // A read whose sort is a prototype key keeps its other parameters plausible, so the sort is reached.
  const sortOnly = plan.protoSort !== null && !op.write;
  for (const m of plan.mutations) {
    if (sortOnly) break;
    const inBody = m.part === 'body' && hasBody;
    const r = mutate(
      inBody ? body : query,
      inBody ? bodySchema : op.json.query,
      ctx.defs,
      inBody ? m : { ...m, kind: m.kind === 'shape' ? 'extraKey' : m.kind },
    );
    if (inBody) body = r.value;
    else query = r.value;
    if (r.what) kinds.push(m.kind);
  }

  // Lists look their sort column up in a map: a prototype member must be an unknown column (issue 15).
  const queryProps = Object.keys(resolve(op.json.query, ctx.defs).properties ?? {});
  const sortParams = queryProps.filter((p) => /sort|order/i.test(p));
  if (plan.protoSort !== null && isObj(query) && sortParams.length) {
    // One of them at a time: an `order` enum refuses the key before the `sort` lookup would be reached.
    (query as Obj)[pick(sortParams, plan.badJson)] = plan.protoSort;
    kinds.push('protoSort');
  }

  let transport: Transport = plan.transport;
  if (!bodyMethod) transport = 'json';
  // Form routes read multipart bodies themselves: half of their JSON cases go as forms instead.
  if (transport === 'json' && formSpec && plan.badJson % 2 === 0) transport = 'multipart';
  if (transport === 'multipart' && !formSpec) transport = 'json';
  if (transport === 'badMultipart' && !formSpec) transport = 'badJson';

  if (transport === 'emptyJson' && op.method === 'DELETE') transport = 'badJson';
  const fileField = formSpec ? pick(formSpec.fileFields, plan.actor) : '';

  const check = () => {
    const reasons: string[] = [];
    const q = encodeQuery(query);
    if (refuses(op.zod.querystring, q.parsed)) reasons.push('query refused by its schema');
    if (bodyMethod) {
      if (formSpec) {
        const multipartForm = transport === 'multipart';
        const fields = multipartForm ? formFields(body).fields : (body as Record<string, unknown>);
        const files: Record<string, Buffer> = {};
        if (multipartForm && plan.file?.data.length) files[fileField] = plan.file.data;
        if (formSpec.refuses(fields, files, multipartForm)) reasons.push('form refused by its schema');
      } else if (
        op.zod.body &&
        refuses(op.zod.body, body === undefined ? undefined : JSON.parse(JSON.stringify(body) ?? 'null'))
      ) {
        reasons.push('body refused by its schema');
      }
    }
    return reasons;
  };

  let reasons = check();
  if (op.write && !reasons.length && !invalid.length && (transport === 'json' || transport === 'multipart')) {
    // Still valid: break it for sure, first the least drastic way.
    const base = { str: '', num: 0, date: '', arr: null, known: true };
    const forced: Mutation[] = [
      { ...base, kind: 'missing', part: 'body', at: plan.badJson, pick: 0 },
      { ...base, kind: 'wrongType', part: 'body', at: plan.badJson, pick: plan.badJson },
      { ...base, kind: 'wrongType', part: 'query', at: plan.badJson, pick: plan.badJson },
      { ...base, kind: 'huge', part: 'body', at: plan.badJson, pick: 0 },
      { ...base, kind: 'huge', part: 'query', at: plan.badJson, pick: 0 },
      { ...base, kind: 'shape', part: 'body', at: 0, pick: plan.badJson },
    ];
    for (const m of forced) {
      const inBody = m.part === 'body';
      if (inBody && !hasBody) continue;
      const r = mutate(inBody ? body : query, inBody ? bodySchema : op.json.query, ctx.defs, m);
      if (!r.what) continue;
      if (inBody) body = r.value;
      else query = r.value;
      kinds.push(`forced-${m.kind}`);
      reasons = check();
      if (reasons.length) break;
    }
    if (!reasons.length && bodyMethod)
      transport = pick<Transport>(['badJson', 'wrongContentType', 'protoJson', 'tooLarge'], plan.badJson);
  }
  invalid.push(...reasons);

  const q = encodeQuery(query);
  let qs = q.text;
  if (plan.extraQuery && !sortOnly) qs = qs ? `${qs}&${plan.extraQuery}` : plan.extraQuery;
  const url = qs ? `${path.url}?${qs}` : path.url;
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;

  if (bodyMethod) {
    switch (transport) {
      case 'json':
        if (body !== undefined) {
          headers['content-type'] = 'application/json';
          payload = JSON.stringify(body) ?? 'null';
        }
        break;
      case 'multipart': {
        const files: Record<string, { filename: string; contentType: string; data: Buffer }> = {};
        if (plan.file && formSpec) files[fileField] = plan.file;
        const m = multipart(formFields(body).text, files, null);
        headers['content-type'] = m.contentType;
        payload = m.payload;
        break;
      }
      case 'badMultipart': {
        // The parts before the break might still be read: the fields sent are refused on their own too.
        const f = formFields(body);
        const text: [string, string][] = formSpec?.refuses(f.fields, {}, true) ? f.text : [['id', 'abc']];
        const m = multipart(text, {}, plan.multipartBreak);
        headers['content-type'] = m.contentType;
        payload = m.payload;
        invalid.push('broken multipart');
        break;
      }
      case 'badJson':
        headers['content-type'] = pick(
          ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'],
          plan.badJson,
        );
        payload = pick(BAD_JSON, plan.badJson);
        if (headers['content-type'] === 'application/vnd.api+json') invalid.push('unsupported media type');
        else invalid.push('malformed JSON');
        break;
      case 'wrongContentType':
        headers['content-type'] = pick(
          ['application/xml', 'image/png', 'text/csv', 'application/octet-stream', 'foo/bar; x=1'],
          plan.badJson,
        );
        payload = JSON.stringify(body ?? { x: 1 }) ?? '{}';
        invalid.push(`content-type ${headers['content-type']}`);
        break;
      case 'emptyJson':
        headers['content-type'] = 'application/json';
        payload = '';
        if (op.method !== 'DELETE') invalid.push('empty JSON body');
        break;
      case 'protoJson': {
        headers['content-type'] = 'application/json';
        // The body's own constructor / __proto__ key (a protoKey case) would come last and, JSON's last
        // duplicate winning, undo the poisoning: the request would then be valid.
        const rest = isObj(body)
          ? Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'constructor' && k !== '__proto__'))
          : { x: 1 };
        const inner = JSON.stringify(rest).slice(1, -1);
        payload =
          plan.badJson % 2
            ? `{"__proto__": {"isAdmin": true, "polluted": 1}${inner ? `, ${inner}` : ''}}`
            : `{"constructor": {"prototype": {"isAdmin": true}}${inner ? `, ${inner}` : ''}}`;
        invalid.push('prototype poisoning');
        break;
      }
      case 'tooLarge':
        headers['content-type'] = 'application/json';
        payload = JSON.stringify({ ...(isObj(body) ? body : {}), pad: 'x'.repeat(1024 * 1024 + 10) });
        invalid.push('body over 1 MiB');
        break;
    }
  }
  kinds.push(transport);
  if (plan.badAuth !== null && !op.access.public) kinds.push('badAuth');
  return {
    method: op.method,
    route: `${op.method} ${op.url}`,
    url,
    actor,
    headers,
    payload,
    write: op.write,
    ...(plan.badAuth !== null && !op.access.public ? { authorization: plan.badAuth } : {}),
    invalid: op.write ? [...invalid, ...(plan.badAuth !== null && !op.access.public ? ['forged token'] : [])] : [],
    transport: bodyMethod ? transport : 'none',
    kinds,
  };
}
