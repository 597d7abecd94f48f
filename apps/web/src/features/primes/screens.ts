import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. The three
 * levels below general (tirage, surcussale, agent) share the `:type` pages. */
const GeneralPage = lazy(() => import('./pages/prime-generale-page'));
const GeneralListPage = lazy(() => import('./pages/prime-generale-list-page'));
const ConfListPage = lazy(() => import('./pages/prime-conf-list-page'));
const ConfFormPage = lazy(() => import('./pages/prime-conf-form-page'));

export const screens = {
  '/dashboard/tirage/configuration/generale': GeneralPage,
  '/dashboard/tirage/configuration/generale/list': GeneralListPage,
  '/dashboard/tirage/configuration/:type': ConfListPage,
  '/dashboard/tirage/configuration/:type/new': ConfFormPage,
  '/dashboard/tirage/configuration/:type/:configurationId/edit': ConfFormPage,
} satisfies Screens;
