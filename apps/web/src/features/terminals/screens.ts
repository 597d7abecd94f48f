import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const ListPage = lazy(() => import('./pages/terminals-page'));

export const screens = {
  '/dashboard/terminals': ListPage,
} satisfies Screens;
