import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const ExposurePage = lazy(() => import('./pages/exposure-page'));

export const screens = {
  '/dashboard/exposure': ExposurePage,
} satisfies Screens;
