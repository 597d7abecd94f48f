import { ficheEndpoints } from '@borlette/shared/contracts/fiches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { ficheByRef } from './fiches-query';

const NOT_FOUND = 'Fiche introuvable. Vérifiez le lien ou le code QR du reçu.';

/**
 * The public ticket link (/fiche-view/{refCode}, the QR code of the receipt): the ticket alone —
 * its draws, results, lines, status and amounts — and nothing else of the company (no agent, no
 * branch, no ids). refCodes are 128-bit random: links cannot be guessed or enumerated.
 */
export const publicFicheRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, ficheEndpoints.publicView, async (request, reply) => {
      const { refCode } = request.params;
      if (!/^[A-Za-z0-9_-]{16,64}$/.test(refCode)) throw notFound(NOT_FOUND);
      const f = await ficheByRef(database.raw, refCode);
      if (!f) throw notFound(NOT_FOUND);
      reply.header('cache-control', 'no-store');
      return {
        number: f.number,
        sold_at: f.sold_at,
        sale_date: f.sale_date,
        status: f.status,
        company_name: f.company_name,
        currency: f.currency,
        timezone: f.timezone,
        amount: f.amount,
        win_amount: f.win_amount,
        paid_at: f.paid_at,
        expires_on: f.expires_on,
        draws: f.draws,
        lines: f.lines,
      };
    });
  };
