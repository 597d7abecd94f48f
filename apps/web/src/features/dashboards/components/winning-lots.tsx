import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import type { LotGagnant } from '../api/dashboards';
import { longDay } from '../lib/format';
import { Ball } from './lot-ball';

/** The winning lots of the day per draw, as balls, with the draw's winners and what they won. */
export function WinningLots({ data }: { data: LotGagnant }) {
  const { t, i18n } = useTranslation('home');
  // Each draw's winnings in its company's currency (« Toutes » lists companies of several).
  const money = (centimes: number, currency: string) => formatMoney(centimes, currency, i18n.resolvedLanguage ?? 'fr');
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}>
      {data.rows.map((r) => (
        <Box
          component="li"
          key={`${r.tirage_id}-${r.draw_date}`}
          sx={{
            display: 'grid',
            gap: 1,
            pb: 2,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { pb: 0, border: 0 },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="subtitle2" component="h3" noWrap>
              {r.tirage_name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {longDay(r.draw_date, i18n.resolvedLanguage)}
            </Typography>
          </Box>
          <Box
            role="img"
            aria-label={t('lots.aria', { lot1: r.lot1, lot2: r.lot2, lot3: r.lot3, pick3: r.pick3, pick4: r.pick4 })}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}
          >
            <Ball value={r.lot1} tone="lot1" title={t('lots.lot', { n: 1 })} />
            <Ball value={r.lot2} tone="lot2" title={t('lots.lot', { n: 2 })} />
            <Ball value={r.lot3} tone="lot3" title={t('lots.lot', { n: 3 })} />
            <Ball value={r.pick3} tone="loto" title="Pick 3" />
            <Ball value={r.pick4} tone="loto" title="Pick 4" />
          </Box>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {r.winners > 0
              ? t('lots.winners', { count: r.winners, amount: money(r.wins, r.currency) })
              : t('lots.none')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
