import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. The texts are
 * in the limits namespace (intervalMa.*), beside the other sale limits of the configuration menu. */
const IntervalList = lazy(() => import('./pages/interval-ma-list-page'));
const IntervalForm = lazy(() => import('./pages/interval-ma-form-page'));

const BASE = '/dashboard/borlette-configuration';

export const screens = {
  [`${BASE}/interval-ma`]: IntervalList,
  [`${BASE}/interval-ma/new`]: IntervalForm,
} satisfies Screens;
