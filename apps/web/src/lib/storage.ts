/**
 * Every key this app keeps in the browser, in one place. Access is guarded: private browsing or a
 * full quota must never break the app.
 */
export const STORAGE_KEYS = {
  /** The opaque session token (docs/spec.md §4). */
  accessToken: 'accessToken',
  /** The role of the signed-in user, picks the API prefix (docs/spec.md §7). */
  role: 'role',
  /** The point of sale's own token (features/pos), apart from the back office's. */
  posToken: 'pos.accessToken',
  /** The POS printer of this terminal: transport, paper width, auto-print, baud rate, BLE chunk size. */
  printer: 'pos.printer',
  /** Theme settings (docs/spec.md §4: they persist in local storage). */
  settings: 'settings',
  /** The chosen language (fr, en, de, ht). */
  language: 'lang',
  /** sessionStorage: the dashboard path wanted before signing in (docs/spec.md §2). */
  redirectPath: 'redirectPath',
  /** sessionStorage: a notification to show after the next page load (login / logout reloads). */
  flash: 'flash',
} as const;

type Area = 'local' | 'session';

function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, which: Area = 'local'): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string, which: Area = 'local'): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the setting simply does not persist.
  }
}

export function removeItem(key: string, which: Area = 'local'): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // ignore
  }
}

export function readJson<T>(key: string, which: Area = 'local'): T | null {
  const raw = readItem(key, which);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown, which: Area = 'local'): void {
  writeItem(key, JSON.stringify(value), which);
}

/* ----- Session token and role ----- */

export function getStoredSession(): { token: string; role: string } | null {
  const token = readItem(STORAGE_KEYS.accessToken);
  const role = readItem(STORAGE_KEYS.role);
  return token && role ? { token, role } : null;
}

export function storeSession(token: string, role: string): void {
  writeItem(STORAGE_KEYS.accessToken, token);
  writeItem(STORAGE_KEYS.role, role);
}

export function clearStoredSession(): void {
  removeItem(STORAGE_KEYS.accessToken);
  removeItem(STORAGE_KEYS.role);
}

/**
 * An agent works at the point of sale only (the back office answers it 403): its token moves to the
 * POS's own key and the back-office session is forgotten. The caller then opens /pos.
 */
export function handSessionToPos(token: string): void {
  writeItem(STORAGE_KEYS.posToken, token);
  clearStoredSession();
}

/* ----- Path remembered while signed out ----- */

export function rememberRedirectPath(path: string): void {
  writeItem(STORAGE_KEYS.redirectPath, path, 'session');
}

/** Reads and forgets the remembered path; only dashboard paths are honoured. */
export function takeRedirectPath(): string | null {
  const path = readItem(STORAGE_KEYS.redirectPath, 'session');
  removeItem(STORAGE_KEYS.redirectPath, 'session');
  return path?.startsWith('/dashboard') ? path : null;
}
