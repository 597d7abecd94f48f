import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/generale-list-page'));
const FormPage = lazy(() => import('./pages/generale-form-page'));

export const screens = {
  '/dashboard/generale': ListPage,
  '/dashboard/generale/new': FormPage,
  '/dashboard/generale/:generaleId/edit': FormPage,
} satisfies Screens;
