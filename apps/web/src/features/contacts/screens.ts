import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const InboxPage = lazy(() => import('./pages/contact-inbox-page'));

export const screens = {
  '/dashboard/contacts': InboxPage,
} satisfies Screens;
