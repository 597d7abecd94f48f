import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/lotto-list-page'));
const FormPage = lazy(() => import('./pages/lotto-form-page'));

export const screens = {
  '/dashboard/borlette/lotto': ListPage,
  '/dashboard/borlette/lotto/new': FormPage,
  '/dashboard/borlette/lotto/:optionId/edit': FormPage,
} satisfies Screens;
