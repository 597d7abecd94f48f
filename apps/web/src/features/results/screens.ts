import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): the official results board (issue 21). */
export const screens = {
  '/dashboard/tirage/resultats': lazy(() => import('./pages/results-board-page')),
} satisfies Screens;
