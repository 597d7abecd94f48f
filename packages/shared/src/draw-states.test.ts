import { describe, expect, it } from 'vitest';
import { DRAW_STATES, sourceLabel, stateLabel } from './draw-states';

describe('draw states in the interface language', () => {
  it('names the states in French by default', () => {
    expect(stateLabel('FL')).toBe('Floride');
    expect(stateLabel('ga', 'fr')).toBe('Géorgie');
    expect(stateLabel('NY', 'fr')).toBe('New York');
    expect(stateLabel('FL', 'en')).toBe('Florida');
    expect(stateLabel('FL', 'de')).toBe('Florida');
    expect(stateLabel('FL', 'ht')).toBe('Florid');
    expect(stateLabel('GA', 'ht')).toBe('Georgia');
    expect(stateLabel('ZZ', 'fr')).toBe('ZZ');
  });

  it('renames the state at the start of a source or draw name only', () => {
    expect(sourceLabel('Florida Midi', 'fr')).toBe('Floride Midi');
    expect(sourceLabel('Georgia Nuit', 'fr')).toBe('Géorgie Nuit');
    expect(sourceLabel('Florida Soir', 'en')).toBe('Florida Soir');
    expect(sourceLabel('Floridaville', 'fr')).toBe('Floridaville');
    expect(sourceLabel('Tirage Démo', 'fr')).toBe('Tirage Démo');
  });

  it('covers every state of the reference sources (migration 0004)', () => {
    expect(Object.keys(DRAW_STATES).sort()).toEqual(['FL', 'GA', 'NY', 'TN', 'TX']);
  });
});
