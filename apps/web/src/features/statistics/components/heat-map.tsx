import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Skeleton from '@mui/material/Skeleton';
import { alpha, useTheme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { type BoletCell, exposure, HEAT_STEPS, heatColors, heatLegend, heatLevel } from '../lib/heat-scale';

/** 123450 -> « 1,2 k »: what fits in a cell (the tooltip and the label give the exact amount). */
function compact(centimes: number, language: string) {
  return formatNumber(centimes / 100, language, { notation: 'compact', maximumFractionDigits: 1 });
}

const MOVES: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: 10, ArrowUp: -10 };

/**
 * The bolet balls 00-99 as a 10×10 heat map: the more sold, the stronger the colour (square-root
 * scale). Each cell says its ball, amount and limit (aria-label and tooltip); a blocked ball (the sale
 * refuses it) wears a lock and a red frame, dashed when only some draws block it. One tab stop, the
 * arrow keys move between cells, Enter (or a click) shows that ball in the table.
 */
export function HeatMap({
  grid,
  currency,
  loading,
  failed,
  selected,
  onSelect,
}: {
  grid: BoletCell[][] | null;
  /** The currency of the amounts (the answer's). */
  currency: string;
  loading: boolean;
  /** The answer could not be read (the table beside says why and offers to retry). */
  failed: boolean;
  selected: string;
  onSelect: (ball: string) => void;
}) {
  const { t } = useTranslation('statistics');
  const theme = useTheme();
  const d = useCompanyDisplay();
  const [focus, setFocus] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const cells = grid?.flat() ?? [];
  const max = Math.max(0, ...cells.map((c) => c.amount));
  const base = theme.palette.primary.main;
  const money = (v: number) => formatMoney(v, currency, d.language);
  const blocked = cells.filter((c) => c.blocked);

  const pctText = (v: number) => formatNumber(v, d.language, { maximumFractionDigits: 1 });
  // An unsold ball is in no row of the answer: its limit is unknown, so nothing is said about it.
  const label = (c: BoletCell) => {
    const block = c.blocked ? [t(c.blocked === 'all' ? 'heat.blockedAll' : 'heat.blockedSome')] : [];
    if (!c.amount) return [t('heat.ball', { number: c.number }), ...block, t('heat.none')].join(' · ');
    const pct = exposure(c.amount, c.limit);
    return [
      t('heat.ball', { number: c.number }),
      ...block,
      t('heat.sold', { amount: money(c.amount) }),
      c.limit !== null && pct !== null
        ? t('heat.limit', { amount: money(c.limit), pct: pctText(pct) })
        : t('heat.noLimit'),
    ].join(' · ');
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    const step = MOVES[e.key];
    if (step === undefined) return;
    const next = i + step;
    if (next < 0 || next > 99 || (Math.abs(step) === 1 && Math.floor(next / 10) !== Math.floor(i / 10))) return;
    e.preventDefault();
    setFocus(next);
    refs.current[next]?.focus();
  };

  return (
    <Card component="section" aria-labelledby="heat-title">
      <CardHeader
        title={t('heat.title')}
        subheader={t('heat.subtitle')}
        slotProps={{
          title: { id: 'heat-title', variant: 'subtitle1', component: 'h2' },
          subheader: { variant: 'caption' },
        }}
      />
      <Box sx={{ px: { xs: 1.5, sm: 2.5 }, pb: 2.5 }}>
        {failed && !grid ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
            {t('heat.failed')}
          </Typography>
        ) : loading || !grid ? (
          <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '1 / 1', height: 'auto' }} />
        ) : (
          <Box
            role="group"
            aria-label={t('heat.gridLabel')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, minmax(0, 1fr))', gap: { xs: '3px', sm: '4px' } }}
          >
            {cells.map((c, i) => {
              const level = heatLevel(c.amount, max);
              const colors = heatColors(level, base);
              const active = selected === c.number;
              const red = theme.palette.error.main;
              return (
                <Tooltip key={c.number} title={label(c)} placement="top" disableInteractive>
                  <Box
                    component="button"
                    type="button"
                    ref={(el: HTMLButtonElement | null) => {
                      refs.current[i] = el;
                    }}
                    tabIndex={i === focus ? 0 : -1}
                    aria-label={label(c)}
                    aria-pressed={active}
                    data-blocked={c.blocked ?? undefined}
                    onFocus={() => setFocus(i)}
                    onKeyDown={(e) => onKey(e, i)}
                    onClick={() => onSelect(active ? '' : c.number)}
                    sx={{
                      aspectRatio: '1 / 1',
                      minWidth: 0,
                      p: 0,
                      position: 'relative',
                      border: c.blocked ? 2 : 1,
                      borderStyle: c.blocked === 'some' ? 'dashed' : 'solid',
                      borderColor: active ? 'text.primary' : c.blocked ? red : 'divider',
                      outline: active ? `2px solid ${theme.palette.text.primary}` : 'none',
                      outlineOffset: 1,
                      borderRadius: 1,
                      cursor: 'pointer',
                      bgcolor: level ? colors.bg : c.blocked ? alpha(red, 0.1) : 'background.neutral',
                      color: colors.strong ? theme.palette.primary.contrastText : 'text.primary',
                      display: 'flex',
                      flexDirection: 'column',
                      alignItems: 'center',
                      justifyContent: 'center',
                      font: 'inherit',
                      lineHeight: 1.1,
                      '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                      '&:hover': { borderColor: 'text.secondary' },
                    }}
                  >
                    {c.blocked ? (
                      <LockOutlinedIcon
                        aria-hidden
                        // A badge on the corner, over the gap: the number stays readable in a small cell.
                        sx={{
                          position: 'absolute',
                          top: -6,
                          right: -6,
                          zIndex: 1,
                          fontSize: { xs: 12, sm: 14 },
                          p: '1px',
                          borderRadius: '50%',
                          color: theme.palette.error.contrastText,
                          bgcolor: red,
                        }}
                      />
                    ) : null}
                    <Box
                      component="span"
                      sx={{
                        fontWeight: 700,
                        fontSize: { xs: 11, sm: 13 },
                        fontVariantNumeric: 'tabular-nums',
                        color: c.blocked && !colors.strong ? red : undefined,
                      }}
                    >
                      {c.number}
                    </Box>
                    {c.amount ? (
                      <Box component="span" sx={{ display: { xs: 'none', sm: 'block' }, fontSize: 10, opacity: 0.85 }}>
                        {compact(c.amount, d.language)}
                      </Box>
                    ) : null}
                  </Box>
                </Tooltip>
              );
            })}
          </Box>
        )}
        <Legend max={max} base={base} currency={currency} />
        {blocked.length ? (
          <Typography
            variant="caption"
            data-testid="blocked-balls"
            sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 0.5, color: 'error.main', flexWrap: 'wrap' }}
          >
            <LockOutlinedIcon aria-hidden sx={{ fontSize: 14 }} />
            {t('heat.blockedList', {
              count: blocked.length,
              balls: blocked.map((c) => (c.blocked === 'some' ? `${c.number}*` : c.number)).join(', '),
            })}
            {blocked.some((c) => c.blocked === 'some') ? ` ${t('heat.blockedSomeNote')}` : ''}
          </Typography>
        ) : null}
      </Box>
    </Card>
  );
}

/** The scale under the grid: from nothing to the largest amount. */
function Legend({ max, base, currency }: { max: number; base: string; currency: string }) {
  const { t } = useTranslation('statistics');
  const d = useCompanyDisplay();
  const legend = heatLegend(max);
  return (
    <Box sx={{ mt: 2, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }} aria-hidden>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {t('heat.less')}
      </Typography>
      <Box sx={{ display: 'flex', gap: '3px' }}>
        {Array.from({ length: HEAT_STEPS + 1 }, (_, level) => (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the levels of the scale
            key={level}
            sx={{
              width: 18,
              height: 12,
              borderRadius: 0.5,
              border: 1,
              borderColor: 'divider',
              bgcolor: level ? heatColors(level, base).bg : 'background.neutral',
            }}
          />
        ))}
      </Box>
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {legend.length > 1 ? t('heat.more', { amount: formatMoney(max, currency, d.language) }) : t('heat.empty')}
      </Typography>
    </Box>
  );
}
