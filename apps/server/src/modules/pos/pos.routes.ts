import { posEndpoints as api } from '@borlette/shared/contracts/pos';
import type { SaleAnswer } from '@borlette/shared/contracts/sale';
import { ticketEscpos } from '@borlette/shared/receipt/escpos';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { assertDeviceMaySell, authOf, type HasAuth } from '../../http/auth';
import { contextOf } from '../../http/context';
import { badRequest } from '../../http/errors';
import { route } from '../../http/route';
import { cancelByAgent, payFiche, reprintFiche } from '../fiches/lifecycle';
import { provenFicheId } from '../fiches/pay-proof';
import { messagesForAgent } from '../messages/messages.service';
import { agentClosingOf } from './closing-query';
import { agentFiches, agentReport, loadPosConfig, lookupFiche } from './pos-query';
import { receiptPdf } from './receipt-pdf';
import { ownTicketReceipt } from './receipt-query';
import { sellTicket } from './sale.service';
import { checkSale } from './sale-check-query';

/** The agent calling, and its own company (an agent acts on nothing else). */
const me = (caller: HasAuth) => {
  const auth = authOf(caller);
  return { companyId: auth.ownCompanyId as number, agentId: auth.userId };
};

/** host[:port]: DNS labels (and _ for local names), or an IPv6 literal. */
const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOST_PORT = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$`);
/**
 * The origin of the public link a receipt's QR code carries: the address the agent reached the server
 * at (behind a proxy, X-Forwarded-Proto/Host when TRUST_PROXY is set), as the POS uses its own.
 */
const requestOrigin = (request: FastifyRequest) => {
  // Host and protocol are the client's word: only http(s) and a plain host[:port] go into a printed
  // link (a long or odd one would make the QR code impossible, a 500, or point the link elsewhere).
  const proto = request.protocol as string; // behind a trusted proxy: X-Forwarded-Proto, as sent
  if ((proto !== 'http' && proto !== 'https') || request.host.length > 255 || !HOST_PORT.test(request.host))
    throw badRequest('Adresse du serveur invalide (Host, X-Forwarded-*) : le lien du reçu ne peut pas être construit.');
  return `${proto}://${request.host}`;
};

/**
 * The agents' API (point of sale). Agents sign in with POST /api/user/auth/login like everyone;
 * `GET /api/agents/user` (session module) is the current agent. Every call acts on the agent's own
 * company; a blocked agent, sub-branch or company is refused (sessions end, and the sale re-checks).
 */
export const posRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.config, async (request) => {
      const { companyId, agentId } = me(request);
      return loadPosConfig(raw, companyId, agentId);
    });

    // The sale, the hot route. Its session is resolved by the auth hook's query, then the sale's own
    // statement: reading both in one statement was measured (issue 19) to cost the database more
    // (5.5 against 3.7 ms of CPU per sale, 256 against 334 sales/s) than the round trip it saves.
    // The session may even be this instance's memory of it: borlette_sell checks the session, the
    // agent, its company and sub-branch and its device again in its first statement (http/session-cache.ts).
    route(
      app,
      api.sell,
      async (request, reply) => {
        const ticket = await sellTicket(database, request, request.body);
        // Already JSON: sent as is (Fastify does not serialise a string).
        return reply.type('application/json; charset=utf-8').send(ticket as unknown as SaleAnswer);
      },
      { engineChecksSession: true },
    );

    // The check answers what the sale would, the session and the device included (borlette_check):
    // it is called before each sale, so its session may come from memory too.
    route(app, api.check, async (request) => checkSale(database, contextOf(request), request.body), {
      engineChecksSession: true,
    });

    route(app, api.fiches, async (request) => {
      const { companyId, agentId } = me(request);
      return agentFiches(raw, companyId, agentId, request.query);
    });

    route(app, api.fiche, async (request) => {
      const { companyId, agentId } = me(request);
      return lookupFiche(database, companyId, agentId, request.query);
    });

    route(app, api.cancel, async (request) => {
      // A cancellation moves a ticket's money back: a pending or revoked device may not (issue 20).
      assertDeviceMaySell(request);
      return cancelByAgent(database, contextOf(request), request.body.id);
    });

    route(app, api.pay, async (request) => {
      assertDeviceMaySell(request);
      const { companyId, agentId } = me(request);
      const id = await provenFicheId(database, companyId, agentId, request.body);
      return payFiche(database, contextOf(request), companyId, id);
    });

    // A ticket on paper from a pending or revoked device (a stolen phone) is refused like a sale: reprint
    // and the two renderings below.
    route(app, api.reprint, async (request) => {
      assertDeviceMaySell(request);
      return reprintFiche(database, contextOf(request), request.body.id);
    });

    // Read-only renderings of a receipt: a copy is counted and audited by POST reprint, not here.
    route(app, api.escpos, async (request, reply) => {
      assertDeviceMaySell(request);
      const { companyId, agentId } = me(request);
      const { id, width } = request.query;
      const receipt = await ownTicketReceipt(database, companyId, agentId, id, requestOrigin(request));
      return reply
        .type('application/octet-stream')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="fiche-${receipt.number}-${width}mm.bin"`)
        .send(Buffer.from(ticketEscpos(receipt, width)));
    });

    route(app, api.receiptPdf, async (request, reply) => {
      assertDeviceMaySell(request);
      const { companyId, agentId } = me(request);
      const { id, width } = request.query;
      const receipt = await ownTicketReceipt(database, companyId, agentId, id, requestOrigin(request));
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="fiche-${receipt.number}.pdf"`)
        .send(await receiptPdf(receipt, width));
    });

    route(app, api.report, async (request) => {
      const { companyId, agentId } = me(request);
      return agentReport(raw, companyId, agentId, request.query.date);
    });

    route(app, api.closing, async (request) => {
      const { companyId, agentId } = me(request);
      return agentClosingOf(raw, request, companyId, agentId, request.query.date);
    });

    route(app, api.messages, async (request) => {
      const { companyId, agentId } = me(request);
      return messagesForAgent(raw, companyId, agentId);
    });
  };
