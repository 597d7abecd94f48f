import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/country-list-page'));
const FormPage = lazy(() => import('./pages/country-form-page'));

export const screens = {
  '/dashboard/user/pays': ListPage,
  '/dashboard/user/pays/new': FormPage,
  '/dashboard/user/pays/:paysId/edit': FormPage,
} satisfies Screens;
