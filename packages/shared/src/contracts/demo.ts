import { z } from 'zod';

/** POST /api/companies/demo/reset: what the reset of the demo company removed and sold anew. */
export const demoResetAnswer = z.object({
  company_id: z.number().int(),
  tickets_removed: z.number().int(),
  results_removed: z.number().int(),
  tickets_sold: z.number().int(),
});
export type DemoResetAnswer = z.infer<typeof demoResetAnswer>;
