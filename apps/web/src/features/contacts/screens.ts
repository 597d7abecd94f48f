import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const InboxPage = lazy(() => import('./pages/contact-inbox-page'));

export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/contacts': InboxPage,
};
