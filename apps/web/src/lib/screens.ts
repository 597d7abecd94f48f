import type { ScreenPath } from '@borlette/shared/routes';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * What a feature's `screens.ts` exports: pages keyed by their DASHBOARD_SCREENS path. Written
 * `{ … } satisfies Screens`, a path that is not a screen (a typo) fails to compile instead of
 * showing « bientôt disponible ».
 */
export type Screens = Partial<Record<ScreenPath, LazyExoticComponent<ComponentType>>>;
