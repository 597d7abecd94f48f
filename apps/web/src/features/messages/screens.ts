import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. */
const ListPage = lazy(() => import('./pages/message-list-page'));
const FormPage = lazy(() => import('./pages/message-form-page'));

export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/user/message-push': ListPage,
  '/dashboard/user/message-push/new': FormPage,
  '/dashboard/user/message-push/:messageId/edit': FormPage,
};
