import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); one page, three audit lists. */
export const screens = {
  '/dashboard/user/tracabilite-agent': lazy(() => import('./pages/trace-agents-page')),
  '/dashboard/user/tracabilite-supervisor': lazy(() => import('./pages/trace-supervisors-page')),
  '/dashboard/user/tracabilite-company': lazy(() => import('./pages/trace-companies-page')),
} satisfies Screens;
