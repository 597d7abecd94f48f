import { copyOf, type TicketReceipt, ticketReceipt } from '@borlette/shared/receipt/model';
import type { Database } from '../../db/client';
import { lookupFiche } from './pos-query';

/**
 * One of the agent's own tickets as its receipt (404 otherwise); « COPIE n » once printed twice.
 * `origin`: of the public link its QR code carries (the route passes the address it was reached at).
 */
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
