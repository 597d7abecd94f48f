import { readJson, removeItem, STORAGE_KEYS, writeJson } from './storage';

/**
 * A notification that survives one page load: login and logout end with a reload (docs/spec.md §4), so the
 * 'Login success' / 'Impossible de se déconnecter' snackbars are shown by the next page.
 */
export interface Flash {
  /** i18n key, e.g. 'auth:loginSuccess'. */
  key: string;
  variant: 'success' | 'error' | 'info' | 'warning';
}

export function setFlash(flash: Flash): void {
  writeJson(STORAGE_KEYS.flash, flash, 'session');
}

export function takeFlash(): Flash | null {
  const flash = readJson<Flash>(STORAGE_KEYS.flash, 'session');
  removeItem(STORAGE_KEYS.flash, 'session');
  return flash && typeof flash.key === 'string' ? flash : null;
}
