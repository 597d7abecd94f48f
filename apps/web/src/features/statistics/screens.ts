import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): the statistics per number. */
export const screens = {
  '/dashboard/borlette/statistiques': lazy(() => import('./pages/statistics-page')),
} satisfies Screens;
