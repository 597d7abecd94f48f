import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/message-list-page'));
const FormPage = lazy(() => import('./pages/message-form-page'));

export const screens = {
  '/dashboard/user/message-push': ListPage,
  '/dashboard/user/message-push/new': FormPage,
  '/dashboard/user/message-push/:messageId/edit': FormPage,
} satisfies Screens;
