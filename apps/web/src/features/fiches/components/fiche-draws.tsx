import type { FicheDetail, FicheDraw } from '@borlette/shared/contracts/fiches';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money';
import { ToneChip } from '../../../components/tone-chip';
import { fDay } from '../../../lib/format';
import { linesOfDraw, statusTone } from '../lib/fiche-status';
import { FicheLines } from './fiche-lines';

/** The three lots as balls, with Pick 3 / Pick 4 under them. */
function Lots({ result }: { result: NonNullable<FicheDraw['result']> }) {
  const { t } = useTranslation('fiches');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      {[result.lot1, result.lot2, result.lot3].map((lot, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the three lots have fixed positions
          key={i}
          title={t('drawer.lot', { n: i + 1 })}
          sx={(theme) => ({
            width: 34,
            height: 34,
            borderRadius: '50%',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            color: i === 0 ? 'primary.contrastText' : 'text.primary',
            bgcolor: i === 0 ? 'primary.main' : alpha(theme.palette.grey[500], 0.2),
          })}
        >
          {lot}
        </Box>
      ))}
      <Typography variant="caption" sx={{ color: 'text.secondary', ml: 0.5 }}>
        {t('drawer.picks', { pick3: result.pick3, pick4: result.pick4 })}
      </Typography>
    </Box>
  );
}

/** One block per draw: name, day, status, result lots, amount and winnings, then the lines played on it. */
export function FicheDraws({ fiche }: { fiche: FicheDetail }) {
  const { t, i18n } = useTranslation('fiches');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {fiche.draws.map((d) => (
        <Paper key={d.tirage_id} variant="outlined" sx={{ overflow: 'hidden' }}>
          <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
                  {d.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {fDay(d.draw_date, i18n.language)}
                </Typography>
              </Box>
              <ToneChip tone={statusTone(d.status)} label={t(`drawStatus.${d.status}`, { defaultValue: d.status })} />
            </Box>
            {d.result ? (
              <Lots result={d.result} />
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('drawer.noResult')}
              </Typography>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, typography: 'body2' }}>
              <span>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('drawer.drawAmount')}{' '}
                </Box>
                <Money centimes={d.amount} currency={fiche.currency} strong />
              </span>
              <span>
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t('drawer.drawWin')}{' '}
                </Box>
                <Money centimes={d.win_amount} currency={fiche.currency} strong />
              </span>
            </Box>
          </Box>
          <FicheLines lines={linesOfDraw(fiche.lines, d.tirage_id)} currency={fiche.currency} />
        </Paper>
      ))}
    </Box>
  );
}
