import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Paths of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the pages are lazy chunks. The four
 * limit kinds share one list page and one form page, which read the kind from the path. */
const LimitList = lazy(() => import('./pages/limit-list-page'));
const LimitForm = lazy(() => import('./pages/limit-form-page'));

const BASE = '/dashboard/borlette-configuration';
const limits = (slug: string, param: string) => ({
  [`${BASE}/${slug}`]: LimitList,
  [`${BASE}/${slug}/new`]: LimitForm,
  [`${BASE}/${slug}/:${param}/edit`]: LimitForm,
});

export const screens = {
  ...limits('limite-game', 'typeGameId'),
  ...limits('limite-game-per-agent', 'typeGameAgentId'),
  ...limits('limite-boule', 'typeBouleId'),
  ...limits('limite-boule-per-agent', 'typeBouleAgentId'),
} satisfies Screens;
