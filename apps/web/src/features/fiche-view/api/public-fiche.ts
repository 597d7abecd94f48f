import { ficheEndpoints } from '@borlette/shared/contracts/fiches';
import { call } from '../../../lib/api-client';

/** GET /api/public/fiche/{refCode}: no token, nothing but the ticket. */
export function getPublicFiche(refCode: string, signal?: AbortSignal) {
  return call(ficheEndpoints.publicView, { refCode }, { auth: false, signal });
}
