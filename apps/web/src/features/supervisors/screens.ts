import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/supervisor-list-page'));
const FormPage = lazy(() => import('./pages/supervisor-form-page'));

export const screens = {
  '/dashboard/supervisor': ListPage,
  '/dashboard/supervisor/new': FormPage,
  '/dashboard/supervisor/:supervisorId/edit': FormPage,
} satisfies Screens;
