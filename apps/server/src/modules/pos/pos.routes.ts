import { errorBody } from '@borlette/shared/contracts/common';
import {
  agentDayReport,
  agentFichesQuery,
  agentReportQuery,
  ficheIdBody,
  ficheLookupQuery,
  fichePayBody,
  ficheSummary,
  ficheView,
} from '@borlette/shared/contracts/fiches';
import { pageOf } from '@borlette/shared/contracts/list';
import { agentMessage } from '@borlette/shared/contracts/messages';
import { posConfig, type SaleAnswer, saleAnswer, saleInput, saleRefusal } from '@borlette/shared/contracts/sale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { authOf } from '../../http/auth';
import { cancelByAgent, payFiche, reprintFiche } from '../fiches/lifecycle';
import { provenFicheId } from '../fiches/pay-proof';
import { messagesForAgent } from '../messages/messages.service';
import { agentFiches, agentReport, posConfig as loadConfig, lookupFiche } from './pos.service';
import { sellTicket } from './sale.service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const tags = ['point de vente'];
const AGENT = ['agent'] as const;

/**
 * The agents' API (point of sale). Agents sign in with POST /api/user/auth/login like everyone;
 * `GET /api/agents/user` (session module) is the current agent. Every call acts on the agent's own
 * company; a blocked agent, sub-branch or company is refused (sessions end, and the sale re-checks).
 */
export const posRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;
    const me = (request: Parameters<typeof authOf>[0]) => {
      const auth = authOf(request);
      return { companyId: auth.ownCompanyId as number, agentId: auth.userId };
    };

    app.get(
      '/api/agents/config',
      {
        config: access.permission('pos_sell', AGENT),
        schema: {
          tags,
          summary: 'Ce qu’il faut pour vendre : compagnie, vendeur, tirages ouverts, jeux, mariages gratuits',
          response: { 200: posConfig, ...errors },
        },
      },
      async (request) => {
        const { companyId, agentId } = me(request);
        return loadConfig(raw, companyId, agentId);
      },
    );

    app.post(
      '/api/agents/fiches',
      {
        config: access.permission('pos_sell', AGENT),
        schema: {
          tags,
          summary: 'Vendre une fiche (tout ou rien ; la même clé de vente rend la même fiche)',
          description:
            'Les paris sont joués sur chaque tirage choisi. Refus en français : tirage fermé, boule bloquée, ' +
            'limite atteinte (avec le montant encore possible), limite de fiche, option indisponible, ' +
            'vendeur / succursale / compagnie bloqués. La réponse est le premier problème ; `problems` les ' +
            'liste tous (chaque ligne, chaque tirage) et `fields["lines.<i>"]` désigne chaque ligne refusée.',
          body: saleInput,
          response: { 200: saleAnswer, ...errors, 400: saleRefusal, 409: saleRefusal },
        },
      },
      async (request, reply) => {
        const ticket = await sellTicket(database, request, request.body);
        // Already JSON: sent as is (Fastify does not serialise a string).
        return reply.type('application/json; charset=utf-8').send(ticket as unknown as SaleAnswer);
      },
    );

    app.get(
      '/api/agents/fiches',
      {
        config: access.permission('pos_sell', AGENT),
        schema: {
          tags,
          summary: 'Mes fiches du jour (les plus récentes d’abord), sans leurs lignes (GET /api/agents/fiche?id=)',
          querystring: agentFichesQuery,
          response: { 200: pageOf(ficheSummary), ...errors },
        },
      },
      async (request) => {
        const { companyId, agentId } = me(request);
        return agentFiches(raw, companyId, agentId, request.query);
      },
    );

    app.get(
      '/api/agents/fiche',
      {
        config: access.permission('pos_sell', AGENT),
        schema: {
          tags,
          summary: 'Une fiche : une des miennes par id, ou toute fiche de la compagnie avec la preuve du reçu',
          description:
            '`ref` (le secret du code QR) ou `number` ET `code` (le code de vérification imprimé). Un numéro seul ' +
            'ne dit rien (400) ; une preuve fausse répond 404 comme une fiche absente ; 10 preuves fausses en ' +
            '15 minutes : 429.',
          querystring: ficheLookupQuery,
          response: { 200: ficheView, ...errors },
        },
      },
      async (request) => {
        const { companyId, agentId } = me(request);
        return lookupFiche(database, companyId, agentId, request.query);
      },
    );

    app.post(
      '/api/agents/fiches/cancel',
      {
        config: access.permission('pos_cancel', AGENT),
        schema: {
          tags,
          summary: 'Annuler une de mes fiches (dans le délai de la compagnie, tirages encore ouverts)',
          body: ficheIdBody,
          response: { 200: ficheView, ...errors },
        },
      },
      async (request) => cancelByAgent(database, request, request.body.id),
    );

    app.post(
      '/api/agents/fiches/pay',
      {
        config: access.permission('pos_pay', AGENT),
        schema: {
          tags,
          summary: 'Payer une fiche gagnante (une seule fois, même si deux vendeurs essaient en même temps)',
          description:
            'Avec la preuve du reçu : `ref` (code QR) ou `number` ET `code` (code de vérification). Refusé (403) ' +
            'à un vendeur, une succursale ou une compagnie bloqués, et pour la fiche d’une autre succursale ' +
            'si la compagnie ne le permet pas.',
          body: fichePayBody,
          response: { 200: ficheView, ...errors },
        },
      },
      async (request) => {
        const { companyId, agentId } = me(request);
        const id = await provenFicheId(database, companyId, agentId, request.body);
        return payFiche(database, request, companyId, id);
      },
    );

    app.post(
      '/api/agents/fiches/reprint',
      {
        config: access.permission('pos_sell', AGENT),
        schema: {
          tags,
          summary: 'Réimprimer une de mes fiches (compté et tracé)',
          body: ficheIdBody,
          response: { 200: ficheView, ...errors },
        },
      },
      async (request) => reprintFiche(database, request, request.body.id),
    );

    app.get(
      '/api/agents/report',
      {
        config: access.permission('pos_report', AGENT),
        schema: {
          tags,
          summary: 'Mon rapport du jour : ventes, commission, gains, paiements, solde',
          querystring: agentReportQuery,
          response: { 200: agentDayReport, ...errors },
        },
      },
      async (request) => {
        const { companyId, agentId } = me(request);
        return agentReport(raw, companyId, agentId, request.query.date);
      },
    );

    app.get(
      '/api/agents/messages',
      {
        config: access.permission('pos_sell', AGENT),
        schema: { tags, summary: 'Mes messages en cours', response: { 200: z.array(agentMessage), ...errors } },
      },
      async (request) => {
        const { companyId, agentId } = me(request);
        return messagesForAgent(raw, companyId, agentId);
      },
    );
  };
