import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): collections from the agents. */
export const screens = {
  '/dashboard/collections': lazy(() => import('./pages/collections-page')),
} satisfies Screens;
