import { describe, expect, it } from 'vitest';
import { fDay, fInstantDay, fMonth, fPeriod } from './format';

describe('billing dates', () => {
  it('shows a calendar day without shifting it to a zone', () => {
    expect(fDay('2025-03-01', 'fr')).toBe('1 mars 2025');
    expect(fDay('2025-03-01', 'en')).toBe('Mar 1, 2025');
    expect(fDay('', 'fr')).toBe('');
  });

  it('names a whole month, else the two days', () => {
    expect(fMonth('2025-03', 'fr')).toBe('Mars 2025');
    expect(fPeriod('2025-02-01', '2025-02-28', 'fr')).toBe('Février 2025');
    expect(fPeriod('2025-02-01', '2025-02-10', 'fr')).toBe('1 févr. 2025 – 10 févr. 2025');
    expect(fPeriod('2025-02-03', '2025-02-03', 'fr')).toBe('3 févr. 2025');
    expect(fPeriod('2024-11-01', '2025-01-31', 'fr')).toBe('Novembre 2024 – Janvier 2025');
  });

  it('shows an instant on the platform’s calendar', () => {
    // 02:00 UTC on 1 March is still 28 February in Port-au-Prince.
    expect(fInstantDay('2025-03-01T02:00:00Z', 'fr')).toBe('28 févr. 2025');
    expect(fInstantDay(null)).toBe('');
  });
});
