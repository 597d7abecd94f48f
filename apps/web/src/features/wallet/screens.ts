import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts): the agents' wallet. */
export const screens = {
  '/dashboard/transactions': lazy(() => import('./pages/wallet-list-page')),
  '/dashboard/transactions/new': lazy(() => import('./pages/wallet-new-page')),
} satisfies Screens;
