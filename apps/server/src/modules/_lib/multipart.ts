import '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors';

export interface ParsedForm {
  fields: Record<string, unknown>;
  files: Record<string, Buffer>;
}

const INDEXED = /^([A-Za-z_][\w]*)\[(\d{1,4})\]$/;

/** Field names that would reach Object.prototype (`__proto__[0]`, `hasOwnProperty[]`…): refused. */
const refusedName = (name: string) => name in Object.prototype || name === 'prototype';

/**
 * Reads a multipart body (or a JSON one: the same routes accept both) into fields and files.
 * `permissions[0]`, `permissions[1]`… become an array; `x[]` repeated too.
 */
export async function parseForm(request: FastifyRequest): Promise<ParsedForm> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
      throw badRequest('Le corps de la requête doit être un objet.');
    }
    return { fields: (body as Record<string, unknown>) ?? {}, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const indexed: Record<string, unknown[]> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      const base = INDEXED.exec(part.fieldname)?.[1] ?? part.fieldname.replace(/\[\]$/, '');
      if (refusedName(base)) {
        throw badRequest(`Nom de champ interdit (« ${base} »).`, { [base]: 'Nom de champ interdit.' });
      }
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.file.truncated)
          throw badRequest('Fichier trop volumineux (5 Mo au plus).', {
            [part.fieldname]: 'Fichier trop volumineux (5 Mo au plus).',
          });
        if (data.length) files[part.fieldname] = data;
        continue;
      }
      const value = part.value;
      const m = INDEXED.exec(part.fieldname);
      if (m) {
        indexed[m[1]] ??= [];
        indexed[m[1]][Number(m[2])] = value;
      } else if (part.fieldname.endsWith('[]')) {
        const key = part.fieldname.slice(0, -2);
        indexed[key] ??= [];
        indexed[key].push(value);
      } else {
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw badRequest('Trop de fichiers dans le formulaire (3 au plus).');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw badRequest('Trop de champs dans le formulaire.');
    if ((err as { statusCode?: number }).statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') {
      throw badRequest('Fichier trop volumineux (5 Mo au plus).');
    }
    // Anything else the parser raises (no boundary, truncated body, unexpected end…) is the sender's form.
    throw badRequest('Formulaire multipart invalide.');
  }
  for (const [k, arr] of Object.entries(indexed)) fields[k] = arr.filter((v) => v !== undefined);
  return { fields, files };
}

/** Form values arrive as strings: '' -> undefined, 'true'/'false' -> booleans, for zod to check. */
export function normaliseFormFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (v === '') continue;
    out[k] = v === 'true' ? true : v === 'false' ? false : v;
  }
  return out;
}
