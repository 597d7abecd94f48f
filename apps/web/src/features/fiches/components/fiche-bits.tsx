import type { FicheStatus } from '@borlette/shared/contracts/fiches';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, dateLocale, toZonedWallClock } from '../../../lib/format-time';
import { formatMoney } from '../../../lib/money';
import { useUser } from '../../../lib/session/use-session';
import { toneColors } from '../../../lib/tone';
import { statusTone, type Tone } from '../lib/fiche-status';

export { toneColors } from '../../../lib/tone';

export function ToneChip({
  tone,
  label,
  icon,
  size = 'small',
}: {
  tone: Tone;
  label: ReactNode;
  icon?: ChipProps['icon'];
  size?: ChipProps['size'];
}) {
  return (
    <Chip
      size={size}
      label={label}
      icon={icon}
      sx={(theme) => {
        const c = toneColors(theme, tone);
        return {
          color: c.text,
          bgcolor: alpha(c.main, 0.16),
          borderRadius: 1,
          fontWeight: 700,
          '& .MuiChip-icon': { color: 'inherit' },
        };
      }}
    />
  );
}

/** En attente, Gagnant, Perdant, Payé, Annulé, Supprimé. */
export function FicheStatusChip({ status, size }: { status: FicheStatus | string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('fiches');
  return <ToneChip tone={statusTone(status)} size={size} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** « Bloquée »: the ticket cannot be paid. */
export function BlockedBadge({ size }: { size?: ChipProps['size'] }) {
  const { t } = useTranslation('fiches');
  return <ToneChip tone="error" size={size} icon={<LockOutlinedIcon />} label={t('blocked')} />;
}

export function StatusCell({ status, blocked }: { status: FicheStatus; blocked: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <FicheStatusChip status={status} />
      {blocked ? <BlockedBadge /> : null}
    </Box>
  );
}

/** The zone and currency of the acting company (the superuser with « Toutes »: the defaults). */
export function useCompanyDisplay() {
  const user = useUser();
  const { i18n } = useTranslation();
  return {
    timeZone: user.company?.timezone ?? DEFAULT_TIME_ZONE,
    currency: user.company?.currency ?? 'HTG',
    language: i18n.language,
  };
}

export function Money({
  centimes,
  currency,
  muteZero = false,
  strong = false,
  plain = false,
}: {
  centimes: number | null | undefined;
  currency?: string;
  muteZero?: boolean;
  strong?: boolean;
  /** Without the currency (a column that names it in its header). */
  plain?: boolean;
}) {
  const d = useCompanyDisplay();
  if (centimes === null || centimes === undefined || (muteZero && centimes === 0))
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  return (
    <Box
      component="span"
      sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : undefined }}
    >
      {plain
        ? formatAmount(centimes, d.language, currency ?? d.currency)
        : formatMoney(centimes, currency ?? d.currency, d.language)}
    </Box>
  );
}

/** 123450 -> « 1 234,50 »: the money format of the language (same separators), without the currency. */
export function formatAmount(centimes: number, language = 'fr', currency = 'HTG'): string {
  const locale = language === 'ht' ? 'fr-HT' : language;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 })
      .formatToParts(centimes / 100)
      .filter((p) => p.type !== 'currency')
      .map((p) => p.value)
      .join('')
      .trim();
  } catch {
    return (centimes / 100).toFixed(2);
  }
}

/** « 14 mars 2026 » over « 18:30 » on the company's clock. */
export function When({ at, timeZone, seconds = false }: { at: string | null; timeZone?: string; seconds?: boolean }) {
  const d = useCompanyDisplay();
  if (!at)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        —
      </Box>
    );
  const wall = toZonedWallClock(new Date(at), timeZone ?? d.timeZone);
  const locale = dateLocale(d.language);
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: 'block' }}>
        {format(wall, 'dd MMM yyyy', { locale })}
      </Box>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
      >
        {format(wall, seconds ? 'HH:mm:ss' : 'HH:mm', { locale })}
      </Typography>
    </Box>
  );
}

/** A business day 'yyyy-MM-dd' as « 21 févr. 2027 » (no time zone: it is already the company's day). */
export function fDay(day: string, language?: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return format(new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), 'dd MMM yyyy', {
    locale: dateLocale(language),
  });
}

/** A name over a caption (agent over its sub-branch, who over when…). */
export function TwoLines({ main, caption }: { main: ReactNode; caption?: ReactNode }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {main || '—'}
      </Box>
      {caption ? (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
          {caption}
        </Typography>
      ) : null}
    </>
  );
}

/** The draws of a ticket as text: two names, then « +N » (all of them in the tooltip). */
export function DrawNames({ tirages }: { tirages: { id: number; name: string }[] }) {
  const shown = tirages.slice(0, 2);
  const rest = tirages.length - shown.length;
  return (
    <Typography
      variant="body2"
      component="span"
      title={tirages.map((t) => t.name).join(', ')}
      sx={{ display: 'block', maxWidth: 220 }}
    >
      {shown.map((t) => t.name).join(', ')}
      {rest > 0 ? (
        <Box component="span" sx={{ color: 'text.secondary', fontWeight: 600, whiteSpace: 'nowrap' }}>
          {` +${rest}`}
        </Box>
      ) : null}
    </Typography>
  );
}
