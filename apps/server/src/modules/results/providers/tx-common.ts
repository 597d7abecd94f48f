import type { SessionCode } from './types';

/** Texas names its four daily draws Morning, Day, Evening and Night (none on Sunday). */
export const TX_SESSIONS: Record<string, SessionCode> = {
  morning: 'matin',
  day: 'midi',
  evening: 'soir',
  night: 'nuit',
};

/** « Pick 3 Morning », « Daily 4 Night »: the game and the session, or null. */
export function txGameSession(text: string): { game: 'pick3' | 'pick4'; session: SessionCode } | null {
  const m = /^(Pick 3|Daily 4)\s+(Morning|Day|Evening|Night)$/i.exec(text.trim());
  if (!m) return null;
  return { game: m[1].toLowerCase().startsWith('pick') ? 'pick3' : 'pick4', session: TX_SESSIONS[m[2].toLowerCase()] };
}
