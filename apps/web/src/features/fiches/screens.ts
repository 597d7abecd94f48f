import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); one list page, four ticket lists. */
export const screens = {
  '/dashboard/borlette/list-fiches': lazy(() => import('./pages/fiches-sold-page')),
  '/dashboard/borlette/list-fiches-gagnants': lazy(() => import('./pages/fiches-winning-page')),
  '/dashboard/borlette/list-fiches-payant': lazy(() => import('./pages/fiches-paid-page')),
  '/dashboard/borlette/list-fiches-supprimer': lazy(() => import('./pages/fiches-deleted-page')),
} satisfies Screens;
