import type { PublicFiche } from '@borlette/shared/contracts/fiches';
import { api } from '../../../lib/api-client';

/** GET /api/public/fiche/{refCode}: no token, nothing but the ticket. */
export function getPublicFiche(refCode: string, signal?: AbortSignal): Promise<PublicFiche> {
  return api.get<PublicFiche>(`/api/public/fiche/${encodeURIComponent(refCode)}`, { auth: false, signal });
}
