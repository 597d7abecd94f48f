import { useTranslation } from 'react-i18next';
import { PUBLIC_LANGUAGES, type PublicLanguage } from '../constants';

/** The public languages the shell's i18n instance accepts, the current one, and a setter. */
export function useLanguages() {
  const { i18n } = useTranslation('public');
  const supported = i18n.options?.supportedLngs;
  const languages = PUBLIC_LANGUAGES.filter((l) => !Array.isArray(supported) || supported.includes(l));
  const raw = (i18n.resolvedLanguage ?? i18n.language ?? 'fr').slice(0, 2);
  const current: PublicLanguage = (languages as readonly string[]).includes(raw) ? (raw as PublicLanguage) : 'fr';
  const change = (lng: PublicLanguage) => {
    if (lng !== current) void i18n.changeLanguage(lng);
  };
  return { languages, current, change };
}
