import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): the sales, partial and agent reports. */
export const screens = {
  '/dashboard/rapports': lazy(() => import('./pages/sales-report-page')),
  '/dashboard/rapports/journalier': lazy(() => import('./pages/partial-report-page')),
  '/dashboard/rapports/agent': lazy(() => import('./pages/agent-report-page')),
  '/dashboard/rapports/limiteFiche': lazy(() => import('./pages/limite-fiche-report-page')),
} satisfies Screens;
