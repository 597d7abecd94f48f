import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/parametres': lazy(() => import('./pages/company-settings-page')),
};
