import { useTranslation } from 'react-i18next';
import { useUser } from './use-session';

/**
 * The zone and currency of the acting company. The superuser with « Toutes »: the selected country's
 * zone (UTC without one), where the reports count their days, and the default currency.
 */
export function useCompanyDisplay() {
  const user = useUser();
  const { i18n } = useTranslation();
  return {
    timeZone: user.time_zone,
    currency: user.company?.currency ?? 'HTG',
    language: i18n.language,
  };
}
