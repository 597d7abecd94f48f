import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
export const screens = {
  '/dashboard/tirage/commissions': lazy(() => import('./pages/commissions-page')),
} satisfies Screens;
