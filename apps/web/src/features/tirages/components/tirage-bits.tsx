import type { Tirage, TirageMode } from '@borlette/shared/contracts/tirages';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { WEEK_ORDER } from './tirage-rules';

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

export type Tone = 'success' | 'error' | 'warning' | 'info' | 'grey';

const REASON_TONE: Record<NonNullable<Tirage['closed_reason']>, Tone> = {
  blocked: 'error',
  forced_closed: 'warning',
  result: 'info',
  drawn: 'grey',
  day: 'grey',
  not_open: 'grey',
  closed: 'grey',
};

export function SoftChip({ label, tone, title }: { label: string; tone: Tone; title?: string }) {
  const chip = (
    <Chip
      size="small"
      label={label}
      sx={(theme) => {
        const light = theme.palette.mode === 'light';
        const main = tone === 'grey' ? theme.palette.grey[500] : theme.palette[tone].main;
        const text =
          tone === 'grey'
            ? theme.palette.grey[light ? 700 : 400]
            : light
              ? theme.palette[tone].dark
              : theme.palette[tone].light;
        return { color: text, bgcolor: alpha(main, 0.16), borderRadius: 1, fontWeight: 700 };
      }}
    />
  );
  return title ? (
    <Tooltip title={title} describeChild>
      {chip}
    </Tooltip>
  ) : (
    chip
  );
}

/** « Ouvert » (sells now) or why it does not: bloqué, fermé, résultats saisis, tiré, pas aujourd’hui… */
export function TirageStateChip({ tirage }: { tirage: Pick<Tirage, 'is_open' | 'closed_reason' | 'open_time'> }) {
  const { t } = useTranslation('tirages');
  if (tirage.is_open) return <SoftChip label={t('state.open')} tone="success" title={t('stateHelp.open')} />;
  const reason = tirage.closed_reason ?? 'closed';
  return (
    <SoftChip
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
  return <SoftChip label={t(`mode.${mode}`)} tone={mode === 'open' ? 'info' : 'warning'} />;
}
