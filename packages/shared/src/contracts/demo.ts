import { z } from 'zod';
import { allow, endpoint } from '../endpoint';
import { errorBody } from './common';

/** POST /api/companies/demo/reset: what the reset of the demo company removed and sold anew. */
export const demoResetAnswer = z.object({
  company_id: z.number().int(),
  tickets_removed: z.number().int(),
  results_removed: z.number().int(),
  tickets_sold: z.number().int(),
});
export type DemoResetAnswer = z.infer<typeof demoResetAnswer>;

export const demoEndpoints = {
  /** By the demo company's admin (platform staff sign in as it) from the back office. */
  reset: endpoint({
    method: 'POST',
    path: '/api/companies/demo/reset',
    tag: 'demo',
    summary: 'Remettre la démonstration à zéro (compagnie de démonstration seulement)',
    access: allow.signedIn(['company']),
    response: demoResetAnswer,
    errors: { 401: errorBody, 403: errorBody, 404: errorBody },
  }),
  /** By `npm run demo:reset` on this machine (the backup token proves it); embedded database only. */
  opsReset: endpoint({
    method: 'POST',
    path: '/api/ops/demo-reset',
    tag: 'demo',
    summary: 'Remise à zéro de la démonstration (npm run demo:reset)',
    access: allow.public(),
    response: demoResetAnswer,
    errors: {},
    hidden: true,
    // The running embedded server resets for `npm run demo:reset`; with PostgreSQL the CLI resets directly.
    onlyOn: 'pglite',
  }),
};
