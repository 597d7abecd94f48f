import { errorBody } from '@borlette/shared/contracts/common';
import { type FicheView, publicFiche } from '@borlette/shared/contracts/fiches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app';
import { access } from '../../http/access';
import { notFound } from '../../http/errors';

const NOT_FOUND = 'Fiche introuvable. Vérifiez le lien ou le code QR du reçu.';

/**
 * The public ticket link (/fiche-view/{refCode}, the QR code of the receipt): the ticket alone —
 * its draws, results, lines, status and amounts — and nothing else of the company (no agent, no
 * branch, no ids). refCodes are 128-bit random: links cannot be guessed or enumerated.
 */
export const publicFicheRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/public/fiche/:refCode',
      {
        config: access.public(),
        schema: {
          tags: ['public'],
          summary: 'Une fiche par son lien public',
          params: z.object({ refCode: z.string().max(100) }),
          response: { 200: publicFiche, 404: errorBody },
        },
      },
      async (request, reply) => {
        const { refCode } = request.params;
        if (!/^[A-Za-z0-9_-]{16,64}$/.test(refCode)) throw notFound(NOT_FOUND);
        const [row] = await database.raw.query<{ j: FicheView }>(
          'SELECT borlette_fiche_json(id) AS j FROM fiches WHERE ref_code = $1',
          [refCode],
        );
        if (!row) throw notFound(NOT_FOUND);
        const f = row.j;
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
      },
    );
  };
