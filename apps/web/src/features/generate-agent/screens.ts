import { lazy } from 'react';
import type { Screens } from '../../lib/screens';

/* Path of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const GeneratePage = lazy(() => import('./pages/generate-agent-page'));

export const screens = {
  '/dashboard/user/generate-agent': GeneratePage,
} satisfies Screens;
