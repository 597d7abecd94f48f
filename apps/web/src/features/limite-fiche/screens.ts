import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. The spec has
 * no edit route: a limit's amount is changed in a dialog of the list. */
const ListPage = lazy(() => import('./pages/limite-list-page'));
const FormPage = lazy(() => import('./pages/limite-form-page'));

export const screens = {
  '/dashboard/limiteFiche': ListPage,
  '/dashboard/limiteFiche/new': FormPage,
} satisfies Screens;
