import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/surcussale-list-page'));
const FormPage = lazy(() => import('./pages/surcussale-form-page'));

export const screens = {
  '/dashboard/surcussale': ListPage,
  '/dashboard/surcussale/new': FormPage,
  '/dashboard/surcussale/:surcussaleId/edit': FormPage,
} satisfies Screens;
