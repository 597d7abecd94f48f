import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { compactMoney, moneyFormatter, shortDay } from '../lib/format';

/**
 * What every chart of the board shares: the theme's colours (so light and dark modes and the colour
 * presets apply), a height that suits a phone, and the number formats of the axes and tooltips.
 */
export function useChartKit(currency: string) {
  const theme = useTheme();
  const { t, i18n } = useTranslation('home');
  const language = i18n.resolvedLanguage ?? 'fr';
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const p = theme.palette;
  return {
    t,
    language,
    phone,
    height: phone ? 240 : 300,
    colors: {
      sales: p.primary.main,
      wins: p.warning.main,
      gain: p.success.main,
      perte: p.error.main,
      commission: p.info.main,
    },
    /** Distinct colours for the categories of a donut. */
    palette: [
      p.primary.main,
      p.info.main,
      p.warning.main,
      p.success.main,
      p.error.main,
      p.secondary.main,
      p.primary.dark,
      p.info.dark,
      p.warning.dark,
      p.success.dark,
    ],
    money: moneyFormatter(currency, language),
    axisMoney: (v: number) => compactMoney(v, language),
    day: (d: string) => shortDay(d, language),
    /** Animations off for who asked so (and in tests). */
    skipAnimation: typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches,
  };
}
