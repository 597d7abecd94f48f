import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '../format';
import { useUser } from './use-session';

/** The zone and currency of the acting company (the superuser with « Toutes »: the defaults). */
export function useCompanyDisplay() {
  const user = useUser();
  const { i18n } = useTranslation();
  return {
    timeZone: user.company?.timezone ?? DEFAULT_TIME_ZONE,
    currency: user.company?.currency ?? 'HTG',
    language: i18n.language,
  };
}
