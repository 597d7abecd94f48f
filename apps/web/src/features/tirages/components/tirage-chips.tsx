import type { Tirage, TirageMode } from '@borlette/shared/contracts/tirages';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { ToneChip } from '../../../components/tone-chip';
import { WEEK_ORDER } from '../../../lib/tirage-rules';
import type { Tone } from '../../../lib/tone';

/** The week as seven small letters (L M M J V S D), the draw's days filled. */
export function DayChips({ days }: { days: readonly number[] }) {
  const { t } = useTranslation('tirages');
  const label =
    days.length === 7
      ? t('days.every')
      : WEEK_ORDER.filter((d) => days.includes(d))
          .map((d) => t(`days.long.${d}`))
          .join(', ');
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      sx={{ display: 'inline-flex', gap: 0.25, whiteSpace: 'nowrap' }}
    >
      {WEEK_ORDER.map((d) => {
        const on = days.includes(d);
        return (
          <Box
            key={d}
            component="span"
            aria-hidden="true"
            sx={(theme) => ({
              width: 18,
              height: 20,
              borderRadius: 0.75,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              fontSize: 11,
              fontWeight: 700,
              lineHeight: 1,
              color: on ? (theme.palette.mode === 'light' ? 'primary.dark' : 'primary.light') : 'text.disabled',
              bgcolor: on ? alpha(theme.palette.primary.main, 0.16) : 'transparent',
              border: on ? 'none' : `1px solid ${theme.palette.divider}`,
            })}
          >
            {t(`days.short.${d}`)}
          </Box>
        );
      })}
    </Box>
  );
}

const REASON_TONE: Record<NonNullable<Tirage['closed_reason']>, Tone> = {
  blocked: 'error',
  forced_closed: 'warning',
  result: 'info',
  drawn: 'grey',
  day: 'grey',
  not_open: 'grey',
  closed: 'grey',
};

/** « Ouvert » (sells now) or why it does not: bloqué, fermé, résultats saisis, tiré, pas aujourd’hui… */
export function TirageStateChip({ tirage }: { tirage: Pick<Tirage, 'is_open' | 'closed_reason' | 'open_time'> }) {
  const { t } = useTranslation('tirages');
  if (tirage.is_open) return <ToneChip label={t('state.open')} tone="success" title={t('stateHelp.open')} />;
  const reason = tirage.closed_reason ?? 'closed';
  return (
    <ToneChip
      label={t(`state.${reason}`)}
      tone={REASON_TONE[reason] ?? 'grey'}
      title={t(`stateHelp.${reason}`, { time: tirage.open_time })}
    />
  );
}

/** Automatique, or forced open / closed (highlighted: it overrides the schedule). */
export function ModeLabel({ mode }: { mode: TirageMode }) {
  const { t } = useTranslation('tirages');
  if (mode === 'auto')
    return (
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {t('mode.auto')}
      </Box>
    );
  return <ToneChip label={t(`mode.${mode}`)} tone={mode === 'open' ? 'info' : 'warning'} />;
}
