import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/* Path of DASHBOARD_SCREENS (packages/shared/src/routes.ts); the page is a lazy chunk. */
const GeneratePage = lazy(() => import('./pages/generate-agent-page'));

export const screens: Record<string, LazyExoticComponent<ComponentType>> = {
  '/dashboard/user/generate-agent': GeneratePage,
};
