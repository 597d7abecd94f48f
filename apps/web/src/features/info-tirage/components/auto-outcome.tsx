import type { TirageAutoAnswer, TirageAutoCompany } from '@borlette/shared/contracts/info-tirage';
import { sourceLabel } from '@borlette/shared/draw-states';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LotBalls } from '../../../components/lot-balls';
import { ToneChip } from '../../../components/tone-chip';
import { fBusinessDay, formatNumber } from '../../../lib/format';
import type { Tone } from '../../../lib/tone';
import { outcomeCounts } from '../api/tirage-auto';

const TONE: Record<TirageAutoCompany['outcome'], Tone> = {
  settled: 'success',
  corrected: 'info',
  unchanged: 'grey',
  refused: 'error',
};

function Detail({ c }: { c: TirageAutoCompany }) {
  const { t, i18n } = useTranslation('infoTirage');
  if (c.message) return <>{c.message}</>;
  if (!c.settlement) return c.outcome === 'unchanged' ? t('auto.sameNumbers') : null;
  // Amounts in the company's currency, which the answer does not name: the number alone.
  const amount = formatNumber(c.settlement.win_amount / 100, i18n.language, { minimumFractionDigits: 2 });
  return (
    <>
      {t('auto.detail', { count: c.settlement.winners, tickets: c.settlement.tickets, amount })}
      {c.settlement.reversed > 0 ? `. ${t('settlement.reversed', { count: c.settlement.reversed })}` : ''}
    </>
  );
}

/**
 * What a publication did in each company: settled, corrected, unchanged or refused (paid tickets
 * would change). Refusals can be confirmed: the same result is sent again with `confirm: true`.
 */
export function AutoOutcome({
  answer,
  onConfirm,
  confirming,
}: {
  answer: TirageAutoAnswer;
  onConfirm: () => void;
  confirming: boolean;
}) {
  const { t, i18n } = useTranslation('infoTirage');
  const [checked, setChecked] = useState(false);
  const counts = outcomeCounts(answer);
  const r = answer.result;
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Box sx={{ flex: '1 1 220px' }}>
            <Typography variant="h6">
              {t('auto.outcomeTitle', {
                name: sourceLabel(r.source_name, i18n.language),
                date: fBusinessDay(r.draw_date, i18n.language),
              })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {r.pick3} / {r.pick4}
              {r.version > 1 ? ` · ${t('corrected', { count: r.version - 1 })}` : ''}
            </Typography>
          </Box>
          <LotBalls lots={r} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {(Object.keys(counts) as (keyof typeof counts)[])
            .filter((k) => counts[k] > 0)
            .map((k) => (
              <ToneChip key={k} tone={TONE[k]} label={t(`auto.count.${k}`, { count: counts[k] })} />
            ))}
        </Box>
        {answer.companies.length === 0 ? (
          <Alert severity="info">{t('auto.noCompany')}</Alert>
        ) : (
          <Box component="ul" aria-label={t('auto.outcomeAria')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {answer.companies.map((c) => (
              <Box
                component="li"
                key={`${c.company_id}-${c.tirage_id}`}
                sx={(theme) => ({
                  py: 1.5,
                  display: 'grid',
                  gap: 0.5,
                  gridTemplateColumns: { xs: '1fr auto', sm: 'minmax(160px, 1fr) minmax(140px, 1fr) auto' },
                  alignItems: 'center',
                  borderTop: `1px dashed ${theme.palette.divider}`,
                })}
              >
                <Box sx={{ fontWeight: 600 }}>{c.company_name}</Box>
                <Box sx={{ color: 'text.secondary', gridRow: { xs: 2, sm: 'auto' } }}>{c.tirage_name}</Box>
                <Box sx={{ justifySelf: 'end', gridRow: { xs: '1 / span 2', sm: 'auto' } }}>
                  <ToneChip tone={TONE[c.outcome]} label={t(`auto.outcome.${c.outcome}`)} />
                </Box>
                <Box
                  sx={{
                    gridColumn: '1 / -1',
                    typography: 'body2',
                    color: c.outcome === 'refused' ? 'error.main' : 'text.secondary',
                  }}
                >
                  <Detail c={c} />
                </Box>
              </Box>
            ))}
          </Box>
        )}
        {counts.refused > 0 ? (
          <Alert severity="warning" sx={{ alignItems: 'flex-start' }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('auto.refusedText', { count: counts.refused })}
            </Typography>
            <FormControlLabel
              control={<Checkbox checked={checked} onChange={(e) => setChecked(e.target.checked)} />}
              label={t('auto.confirmPaid')}
            />
            <Box sx={{ mt: 1 }}>
              <Button variant="contained" color="warning" disabled={!checked} loading={confirming} onClick={onConfirm}>
                {t('auto.resend')}
              </Button>
            </Box>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
