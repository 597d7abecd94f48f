import { useTranslation } from 'react-i18next';
import { fBusinessDay } from '../lib/format';

/** A business day 'yyyy-MM-dd' in the interface's language (« 26 nov. 2026 »), for table cells. */
export function BusinessDay({ day }: { day: string | null | undefined }) {
  const { i18n } = useTranslation();
  return <>{fBusinessDay(day, i18n.language)}</>;
}
