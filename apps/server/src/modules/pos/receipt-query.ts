import { copyOf, type TicketReceipt, ticketReceipt } from '@borlette/shared/receipt/model';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { lookupFiche } from './pos-query';

/**
 * The origin of the public link a receipt's QR code carries: the address the agent reached the server
 * at (behind a proxy, X-Forwarded-Proto/Host when TRUST_PROXY is set), as the POS does with its own.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** One of the agent's own tickets as its receipt (404 otherwise); « COPIE n » once printed twice. */
export async function ownTicketReceipt(
  database: Database,
  companyId: number,
  agentId: number,
  id: number,
  origin: string,
): Promise<TicketReceipt> {
  const fiche = await lookupFiche(database, companyId, agentId, { id });
  return ticketReceipt(fiche, origin, { copy: copyOf(fiche) });
}
