import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): the statistics per number. */
export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/borlette/statistiques': lazy(() => import('./pages/statistics-page')),
};
