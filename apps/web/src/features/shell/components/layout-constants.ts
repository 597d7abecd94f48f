/** docs/spec.md §9: sidebar 280 px, 102 px collapsed. */
export const NAV_WIDTH = 280;
export const NAV_MINI_WIDTH = 102;
export const HEADER_HEIGHT = { mobile: 64, desktop: 80 } as const;
