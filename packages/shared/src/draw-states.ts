/**
 * The US states whose official draws the borlette follows, named in the interface's language
 * (« Floride », not « Florida »). The reference table `draw_sources` keeps the English names it was
 * seeded with (migration 0004); every screen and message shows them through this one mapping.
 */
type Language = 'fr' | 'en' | 'de' | 'ht';

export const DRAW_STATES: Record<string, { en: string } & Partial<Record<Language, string>>> = {
  NY: { en: 'New York' },
  FL: { en: 'Florida', fr: 'Floride', ht: 'Florid' },
  GA: { en: 'Georgia', fr: 'Géorgie' },
  TN: { en: 'Tennessee' },
  TX: { en: 'Texas' },
};

const lang = (language?: string): Language => {
  const l = language?.slice(0, 2);
  return l === 'en' || l === 'de' || l === 'ht' ? l : 'fr';
};

/** 'FL' -> « Floride » (fr), « Florida » (en, de); an unknown code comes back as given. */
export function stateLabel(code: string, language?: string): string {
  const names = DRAW_STATES[code.toUpperCase()];
  if (!names) return code;
  return names[lang(language)] ?? names.en;
}

/**
 * A source's or draw's name that starts with a state's reference name, in the interface's language:
 * 'Florida Midi' -> « Floride Midi ». Names that start with no state (a company's own draw) are kept.
 */
export function sourceLabel(name: string, language?: string): string {
  for (const [code, names] of Object.entries(DRAW_STATES)) {
    if (name === names.en || name.startsWith(`${names.en} `))
      return stateLabel(code, language) + name.slice(names.en.length);
  }
  return name;
}
