import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const ListPage = lazy(() => import('./pages/alerts-page'));

export const screens = {
  '/dashboard/alerts': ListPage,
} satisfies Screens;
