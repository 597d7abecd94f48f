import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); each page is a lazy chunk. */
const ProvidersPage = lazy(() => import('./pages/result-providers-page'));
const CalendarPage = lazy(() => import('./pages/draw-calendar-page'));

export const screens = {
  '/dashboard/result-providers': ProvidersPage,
  '/dashboard/result-providers/calendar': CalendarPage,
} satisfies Screens;
