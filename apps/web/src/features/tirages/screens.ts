import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/tirage-list-page'));
const FormPage = lazy(() => import('./pages/tirage-form-page'));

export const screens = {
  '/dashboard/tirage/list': ListPage,
  '/dashboard/tirage/new': FormPage,
  '/dashboard/tirage/:tirageId/edit': FormPage,
} satisfies Screens;
