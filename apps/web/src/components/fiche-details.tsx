import type { FicheDraw, FicheLine } from '@borlette/shared/contracts/fiches';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fDayNumeric, formatMoney } from '../lib/format';
import { FicheStatusChip } from './fiche-status-chip';

interface Props {
  draws: FicheDraw[];
  lines: FicheLine[];
  currency: string;
}

/** « 23 » · « 45 » · « 67 » balls of a result. */
function Lots({ result }: { result: NonNullable<FicheDraw['result']> }) {
  const { t } = useTranslation('ficheView');
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <Typography variant="caption" sx={{ color: 'text.secondary', mr: 0.25 }}>
        {t('lots')}
      </Typography>
      {[result.lot1, result.lot2, result.lot3].map((lot, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: the three lots have fixed positions
          key={i}
          aria-label={t('lotN', { n: i + 1, lot })}
          sx={(theme) => ({
            minWidth: 30,
            height: 30,
            px: 0.5,
            borderRadius: '15px',
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontWeight: 700,
            fontSize: 14,
            fontVariantNumeric: 'tabular-nums',
            color: i === 0 ? 'primary.contrastText' : 'text.primary',
            bgcolor: i === 0 ? 'primary.main' : alpha(theme.palette.grey[500], 0.16),
          })}
        >
          {lot}
        </Box>
      ))}
      <Typography variant="caption" sx={{ color: 'text.secondary', pl: 0.5 }}>
        {t('picks', { pick3: result.pick3, pick4: result.pick4 })}
      </Typography>
    </Stack>
  );
}

/**
 * A ticket's draws (result, status, win) and its lines with what each won: the public page and the
 * POS « Payer » screen show the same thing.
 */
export function FicheDetails({ draws, lines, currency }: Props) {
  const { t, i18n } = useTranslation('ficheView');
  const money = (v: number) => formatMoney(v, currency, i18n.language);
  return (
    <Stack divider={<Divider flexItem />} spacing={2}>
      {draws.map((draw) => {
        const own = lines
          .filter((l) => l.tirage_id === draw.tirage_id)
          .sort((a, b) => Number(a.free) - Number(b.free) || a.position - b.position);
        return (
          <Box key={draw.tirage_id} component="section" aria-label={draw.name}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
                  {draw.name}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {fDayNumeric(draw.draw_date)}
                </Typography>
              </Box>
              <FicheStatusChip status={draw.status} />
            </Stack>
            {draw.result ? (
              <Box sx={{ mb: 1.25 }}>
                <Lots result={draw.result} />
              </Box>
            ) : draw.result_late ? (
              <Typography variant="body2" role="status" sx={{ color: 'warning.main', fontWeight: 600, mb: 1.25 }}>
                {t('resultLate')}
              </Typography>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.25 }}>
                {t('noResult')}
              </Typography>
            )}
            <Box
              component="table"
              aria-label={t('linesOf', { name: draw.name })}
              sx={{
                width: 1,
                borderCollapse: 'collapse',
                typography: 'body2',
                '& th': { typography: 'caption', color: 'text.secondary', fontWeight: 400, pb: 0.5 },
                '& th, & td': { px: 0, py: 0.25, textAlign: 'left', verticalAlign: 'baseline' },
                '& td + td, & th + th': { pl: 1.5 },
                '& .num': { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
              }}
            >
              <thead>
                <tr>
                  <th scope="col">{t('columns.game')}</th>
                  <th scope="col">{t('columns.number')}</th>
                  <th scope="col" className="num">
                    {t('columns.stake')}
                  </th>
                  <th scope="col" className="num">
                    {t('columns.win')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {own.map((l) => {
                  const won = l.win_amount > 0;
                  return (
                    <tr key={`${l.tirage_id}-${l.position}`}>
                      <Box component="td" sx={{ color: 'text.secondary', width: '30%' }}>
                        {t(`games.${l.code}`, { defaultValue: String(l.code) })}
                      </Box>
                      <Box
                        component="td"
                        sx={{
                          fontWeight: 700,
                          fontVariantNumeric: 'tabular-nums',
                          color: won ? 'success.main' : undefined,
                        }}
                      >
                        {l.number}
                      </Box>
                      <td className="num">{l.free ? t('free') : money(l.stake)}</td>
                      <Box
                        component="td"
                        className="num"
                        sx={{ fontWeight: won ? 700 : 400, color: won ? 'success.main' : 'text.disabled' }}
                      >
                        {draw.result ? money(l.win_amount) : '—'}
                      </Box>
                    </tr>
                  );
                })}
              </tbody>
            </Box>
            {draw.win_amount > 0 ? (
              <Typography variant="body2" sx={{ mt: 1, textAlign: 'right', fontWeight: 700, color: 'success.main' }}>
                {t('drawWin', { amount: money(draw.win_amount) })}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}
