import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
export const screens = {
  '/dashboard/risk-rules': lazy(() => import('./pages/risk-rules-page')),
} satisfies Screens;
