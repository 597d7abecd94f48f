import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); one page, three audit lists. */
export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/user/tracabilite-agent': lazy(() => import('./pages/trace-agents-page')),
  '/dashboard/user/tracabilite-supervisor': lazy(() => import('./pages/trace-supervisors-page')),
  '/dashboard/user/tracabilite-company': lazy(() => import('./pages/trace-companies-page')),
};
