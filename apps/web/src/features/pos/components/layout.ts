/** Height of the phone's bottom tab bar (the safe-area inset comes on top of it). */
export const BOTTOM_NAV_HEIGHT = 64;
