import { idBody } from '@borlette/shared';
import { badRequest } from '../../http/errors';

/** A DELETE names its record in the body `{ id }` (the spec's form) or in the query `?id=`. */
export const deleteTarget = { body: idBody.nullish(), querystring: idBody.partial() };

export function deleteIdOf(request: { body?: { id?: number } | null; query: { id?: number } }): number {
  const id = request.body?.id ?? request.query.id;
  if (!id) throw badRequest('L’identifiant est requis.', { id: 'L’identifiant est requis' });
  return id;
}
