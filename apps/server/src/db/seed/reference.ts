import type { RawClient } from '../client';

/** Countries where borlette is played. Idempotent: runs at every start, adds what is missing. */
export const COUNTRIES = [
  { code: 'HT', name: 'Haïti', flag: '🇭🇹', currency: 'HTG', timezone: 'America/Port-au-Prince' },
  { code: 'DO', name: 'République dominicaine', flag: '🇩🇴', currency: 'DOP', timezone: 'America/Santo_Domingo' },
  { code: 'US', name: 'États-Unis', flag: '🇺🇸', currency: 'USD', timezone: 'America/New_York' },
  { code: 'CA', name: 'Canada', flag: '🇨🇦', currency: 'CAD', timezone: 'America/Toronto' },
  { code: 'FR', name: 'France', flag: '🇫🇷', currency: 'EUR', timezone: 'Europe/Paris' },
  { code: 'CL', name: 'Chili', flag: '🇨🇱', currency: 'CLP', timezone: 'America/Santiago' },
  { code: 'BR', name: 'Brésil', flag: '🇧🇷', currency: 'BRL', timezone: 'America/Sao_Paulo' },
] as const;

export async function seedReference(raw: RawClient): Promise<void> {
  for (const c of COUNTRIES) {
    await raw.query(
      `INSERT INTO countries (name_code, name, flag, currency, timezone) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (name_code) DO NOTHING`,
      [c.code, c.name, c.flag, c.currency, c.timezone],
    );
  }
}
