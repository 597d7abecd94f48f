import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/info-tirage-list-page'));
const FormPage = lazy(() => import('./pages/info-tirage-form-page'));
const AutoPage = lazy(() => import('./pages/tirage-auto-page'));

export const screens = {
  '/dashboard/tirage/infotirage': ListPage,
  '/dashboard/tirage/infotirage/new': FormPage,
  '/dashboard/tirage/infotirage/:infoTirageId/edit': FormPage,
  '/dashboard/tirage/automatique': AutoPage,
} satisfies Screens;
