import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/company-list-page'));
const FormPage = lazy(() => import('./pages/company-form-page'));

export const screens = {
  '/dashboard/company': ListPage,
  '/dashboard/company/new': FormPage,
  '/dashboard/company/:companyId/edit': FormPage,
} satisfies Screens;
