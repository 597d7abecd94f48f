import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. The spec has
 * no edit route: a block is changed in a dialog of the list. */
const ListPage = lazy(() => import('./pages/block-list-page'));
const NewPage = lazy(() => import('./pages/block-new-page'));

export const screens = {
  '/dashboard/borlette/blocage-boule': ListPage,
  '/dashboard/borlette/blocage-boule/new': NewPage,
} satisfies Screens;
