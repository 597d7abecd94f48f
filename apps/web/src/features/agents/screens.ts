import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/agent-list-page'));
const FormPage = lazy(() => import('./pages/agent-form-page'));

export const screens = {
  '/dashboard/agent': ListPage,
  '/dashboard/agent/new': FormPage,
  '/dashboard/agent/:agentId/edit': FormPage,
} satisfies Screens;
