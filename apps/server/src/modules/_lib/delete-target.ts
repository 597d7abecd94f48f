import { badRequest } from '../../http/errors';

/** The id a DELETE names, in its body `{ id }` or its query `?id=` (`deleteTarget` in contracts/list.ts). */
export function deleteIdOf(request: { body?: { id?: number } | null; query: { id?: number } }): number {
  const id = request.body?.id ?? request.query.id;
  if (!id) throw badRequest('L’identifiant est requis.', { id: 'L’identifiant est requis' });
  return id;
}
