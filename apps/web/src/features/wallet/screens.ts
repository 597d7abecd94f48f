import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): the agents' wallet. */
export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/transactions': lazy(() => import('./pages/wallet-list-page')),
  '/dashboard/transactions/new': lazy(() => import('./pages/wallet-new-page')),
};
