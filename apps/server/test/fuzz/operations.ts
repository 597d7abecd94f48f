import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Role } from '@borlette/shared';
import {
  ACCOUNT_INFO_FIELDS,
  ACCOUNT_PASSWORD_FIELDS,
  accountImageFlags,
  accountInfoInput,
  accountPasswordInput,
} from '@borlette/shared/contracts/account';
import { companyInput, companyUpdate } from '@borlette/shared/contracts/companies';
import { countryInput, countryUpdate } from '@borlette/shared/contracts/countries';
import { messageInput, messageUpdate } from '@borlette/shared/contracts/messages';
import { supervisorInput, supervisorUpdate } from '@borlette/shared/contracts/supervisors';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../src/app';
import type { Access } from '../../src/http/access';
import type { AuthContext } from '../../src/http/auth';
import { normaliseFormFields } from '../../src/modules/_lib/multipart';
import { readParts } from '../../src/modules/account/account.service';

/** A JSON Schema as the OpenAPI document (or zod's toJSONSchema) gives it. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
  [k: string]: unknown;
};

type ZodSchema = z.ZodType;

/** What the server does with a form body (multipart or JSON) that its route could not declare. */
export interface FormSpec {
  schema: JsonSchema;
  fileFields: string[];
  /** true when the server refuses these fields (400/403) before writing anything. */
  refuses: (fields: Record<string, unknown>, files: Record<string, Buffer>, multipart: boolean) => boolean;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify's form, `:param`. */
  url: string;
  access: Access;
  /** Has an effect: every request the fuzz sends must be refused. */
  write: boolean;
  zod: { body?: ZodSchema; querystring?: ZodSchema; params?: ZodSchema };
  json: { body?: JsonSchema; query?: JsonSchema; params?: JsonSchema };
  form?: FormSpec;
  /** Named in the OpenAPI document (hidden routes are fuzzed from their zod schemas). */
  documented: boolean;
}

export function refuses(schema: ZodSchema | undefined, value: unknown): boolean {
  if (!schema) return false;
  try {
    return !schema.safeParse(value).success;
  } catch {
    return true; // a schema that throws: the server answers an error too (and the fuzz checks it is a 4xx)
  }
}

export function toJson(schema: ZodSchema | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

const formOf = (schema: ZodSchema, fileFields: string[], normalise: 'always' | 'multipart'): FormSpec => ({
  schema: toJson(schema) ?? {},
  fileFields,
  refuses: (fields, _files, multipart) => {
    if (!multipart && (typeof fields !== 'object' || fields === null || Array.isArray(fields))) return true;
    const values = normalise === 'always' || multipart ? normaliseFormFields(fields) : fields;
    return refuses(schema, values);
  },
});

const FULL_AUTH = {
  userId: 1,
  username: 'x',
  role: 'company',
  firstName: 'x',
  lastName: 'x',
  sessionId: 1,
  ownCompanyId: 1,
  companyId: 1,
  permissions: new Set(['change_user_info', 'change_logo', 'change_password']),
  selectCompany: null,
  selectCountryCode: null,
  terminalId: null,
  terminalState: null,
} as unknown as AuthContext;

const accountForm = (role: Role): FormSpec => ({
  schema: {
    type: 'object',
    properties: {
      ...toJson(accountInfoInput)?.properties,
      ...toJson(accountPasswordInput)?.properties,
      ...toJson(accountImageFlags)?.properties,
    },
    required: [...ACCOUNT_INFO_FIELDS, ...ACCOUNT_PASSWORD_FIELDS],
  },
  fileFields: ['photo', 'logo'],
  refuses: (fields, files, multipart) => {
    if (!multipart && (typeof fields !== 'object' || fields === null || Array.isArray(fields))) return true;
    try {
      readParts({ ...FULL_AUTH, role } as AuthContext, { fields, files });
      return false;
    } catch {
      return true;
    }
  },
});

/** Public payment forms: whatever they carry, no valid signature (the fuzz does not hold the key). */
const unsignedForm: FormSpec = {
  schema: {
    type: 'object',
    properties: { checkout_id: { type: 'string' }, signature: { type: 'string' } },
    required: ['checkout_id', 'signature'],
  },
  fileFields: ['file'],
  refuses: () => true,
};

/**
 * GET routes with an effect: they must refuse the fuzz's requests like any write.
 * - pay-facturations starts a payment (a checkout row);
 * - moncash/return confirms a payment after asking MonCash.
 */
export const WRITING_GETS = new Set(['GET /api/generals/pay-facturations', 'GET /api/public/payments/moncash/return']);

/** Routes whose body is a multipart form (or the same fields as JSON), validated in the handler. */
export const FORM_ROUTES: Record<string, FormSpec> = {
  'POST /api/generals/compagnies': formOf(companyInput, ['logo'], 'always'),
  'PUT /api/generals/compagnies': formOf(companyUpdate, ['logo'], 'always'),
  'POST /api/generals/countries': formOf(countryInput, ['flag'], 'always'),
  'PUT /api/generals/countries': formOf(countryUpdate, ['flag'], 'always'),
  'POST /api/companies/supervisor': formOf(supervisorInput, ['photo'], 'always'),
  'PUT /api/companies/supervisor': formOf(supervisorUpdate, ['photo'], 'always'),
  'POST /api/companies/messages': formOf(messageInput, ['image'], 'multipart'),
  'PUT /api/companies/messages': formOf(messageUpdate, ['image'], 'multipart'),
  'PUT /api/generals/user': accountForm('superuser'),
  'PUT /api/companies/user': accountForm('company'),
  'PUT /api/supervisors/user': accountForm('supervisor'),
  'PUT /api/agents/user': accountForm('agent'),
  'POST /api/public/payments/sandbox/confirm': unsignedForm,
  'POST /api/public/payments/sandbox/cancel': unsignedForm,
};

type ModuleFactory = (deps: AppDeps) => FastifyPluginAsync;

/**
 * The zod schemas of every route, read by registering the feature modules (as app.ts finds them) on a
 * probe instance that is never started: the oracle that tells whether a generated request is invalid.
 */
export async function collectZodSchemas(deps: AppDeps): Promise<Map<string, Operation['zod']>> {
  const probe: FastifyInstance = Fastify();
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  const found = new Map<string, Operation['zod']>();
  probe.addHook('onRoute', (route) => {
    const s = (route.schema ?? {}) as Record<string, unknown>;
    for (const method of [route.method].flat()) {
      found.set(`${method} ${route.url}`, {
        body: s.body as ZodSchema | undefined,
        querystring: s.querystring as ZodSchema | undefined,
        params: s.params as ZodSchema | undefined,
      });
    }
  });
  const dir = path.join(import.meta.dirname, '../../src/modules');
  for (const feature of readdirSync(dir).sort()) {
    if (feature.startsWith('_')) continue;
    for (const file of readdirSync(path.join(dir, feature)).sort()) {
      if (!/\.routes\.[tj]s$/.test(file)) continue;
      const mod = (await import(pathToFileURL(path.join(dir, feature, file)).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        if (name.endsWith('Routes') && typeof value === 'function') {
          // As a PostgreSQL database: the embedded engine's backup route would write its token file.
          const database = { ...deps.database, kind: 'postgres' } as AppDeps['database'];
          await probe.register((value as ModuleFactory)({ database, config: { ...deps.config } }));
        }
      }
    }
  }
  return found;
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function objectOf(params: OpenApiParameter[]): JsonSchema | undefined {
  if (!params.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, p.schema ?? {}])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** Every /api operation: the route table (access) joined with the OpenAPI document (schemas) and zod (oracle). */
export function buildOperations(
  apiRoutes: { method: string; url: string; access: Access }[],
  openapi: { paths: Record<string, Record<string, OpenApiOperation>> },
  zodSchemas: Map<string, Operation['zod']>,
): Operation[] {
  const ops: Operation[] = [];
  for (const r of apiRoutes) {
    if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method)) continue;
    const method = r.method as Operation['method'];
    const key = `${method} ${r.url}`;
    const zod = zodSchemas.get(key) ?? {};
    const docPath = r.url.replace(/:(\w+)/g, '{$1}');
    const doc = openapi.paths[docPath]?.[method.toLowerCase()];
    const params = doc?.parameters ?? [];
    const json: Operation['json'] = {
      query: objectOf(params.filter((p) => p.in === 'query')) ?? toJson(zod.querystring),
      params: objectOf(params.filter((p) => p.in === 'path')) ?? toJson(zod.params),
      body: doc?.requestBody?.content?.['application/json']?.schema ?? toJson(zod.body),
    };
    ops.push({
      method,
      url: r.url,
      access: r.access,
      write: method !== 'GET' || WRITING_GETS.has(key),
      zod,
      json,
      form: FORM_ROUTES[key],
      documented: Boolean(doc),
    });
  }
  return ops;
}
