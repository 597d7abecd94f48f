import type { TraceEntry } from '@borlette/shared/contracts/traceability';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { When } from '../../../components/when';
import { entityText, entryCurrency, traceValueText } from './trace-format';

type Tone = 'success' | 'info' | 'warning' | 'error' | 'grey';

const ACTION_TONE: Record<string, Tone> = {
  sell: 'success',
  pay: 'info',
  cancel: 'warning',
  payment_reversed: 'error',
  reactivate: 'success',
  create: 'success',
  login: 'info',
  update: 'info',
  update_profile: 'info',
  unblock: 'success',
  delete: 'error',
  block: 'warning',
  archive: 'warning',
  login_failed: 'error',
  change_password_failed: 'error',
  change_password: 'warning',
  unlock_login: 'success',
};

/** The action as a soft coloured chip, translated when known. */
export function ActionChip({ action }: { action: string }) {
  const { t } = useTranslation('traceability');
  const tone = ACTION_TONE[action] ?? 'grey';
  return (
    <Chip
      size="small"
      label={t(`actions.${action}`, { defaultValue: action })}
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
}

/** « 14 mars 2026 » over « 18:30:05 », on the entry's company clock. */
export function EntryWhen({ entry }: { entry: Pick<TraceEntry, 'at' | 'timezone'> }) {
  return <When at={entry.at} timeZone={entry.timezone} seconds />;
}

/** A recorded value for people: amounts in the entry's currency, instants on the company clock, days, yes/no. */
export function useReadableValue(entry: Pick<TraceEntry, 'currency' | 'changes' | 'timezone'>) {
  const { t, i18n } = useTranslation('traceability');
  const ctx = {
    currency: entryCurrency(entry),
    timeZone: entry.timezone,
    language: i18n.language,
    yes: t('yes'),
    no: t('no'),
    statuses: t('statuses', { returnObjects: true }) as Record<string, string>,
    values: t('values', { returnObjects: true }) as Record<string, Record<string, string>>,
  };
  return (value: string, field?: string): string => traceValueText(value, field, ctx);
}

export function Who({ entry, withCompany }: { entry: TraceEntry; withCompany: boolean }) {
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {entry.name ?? entry.username ?? '—'}
      </Box>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block', fontWeight: 400 }}
      >
        {entry.name ? entry.username : null}
        {withCompany && entry.company_name ? `${entry.name ? ' · ' : ''}${entry.company_name}` : null}
      </Typography>
    </>
  );
}

export function What({ entry }: { entry: TraceEntry }) {
  const { t } = useTranslation('traceability');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <ActionChip action={entry.action} />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {entityText(entry, t)}
      </Typography>
    </Box>
  );
}

/** A value of the diff: empty shown as « vide », long ones cut (the full text in the tooltip). */
export function Value({
  value,
  field,
  max = 40,
  entry,
}: {
  value: string | null;
  field?: string;
  max?: number;
  entry: Pick<TraceEntry, 'currency' | 'changes' | 'timezone'>;
}) {
  const { t } = useTranslation('traceability');
  const readable = useReadableValue(entry);
  if (value === null || value === '') {
    return (
      <Box component="span" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
        {t('empty')}
      </Box>
    );
  }
  const text = readable(value, field);
  const cut = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return (
    <Box component="span" title={text.length > max ? text : undefined} sx={{ wordBreak: 'break-word' }}>
      {cut}
    </Box>
  );
}

/** A field name of the diff, translated when known (first_name -> Prénom). */
export function FieldName({ field }: { field: string }) {
  const { t } = useTranslation('traceability');
  return <>{t(`fields.${field}`, { defaultValue: field })}</>;
}

/** Up to three changed fields in the row; the rest in the details. */
export function ChangesPreview({ entry }: { entry: TraceEntry }) {
  const { t } = useTranslation('traceability');
  const changes = entry.changes;
  if (!changes.length) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  const shown = changes.slice(0, 3);
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', typography: 'body2', minWidth: 200, maxWidth: 360 }}>
      {shown.map((c) => (
        <Box component="li" key={c.field} sx={{ lineHeight: 1.6 }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            <FieldName field={c.field} /> :{' '}
          </Box>
          {c.before !== null ? (
            <>
              <Box component="span" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
                <Value value={c.before} field={c.field} max={24} entry={entry} />
              </Box>{' '}
              →{' '}
            </>
          ) : null}
          <Box component="span" sx={{ fontWeight: 600 }}>
            <Value value={c.after} field={c.field} max={24} entry={entry} />
          </Box>
        </Box>
      ))}
      {changes.length > shown.length ? (
        <Box component="li" sx={{ color: 'text.secondary', typography: 'caption' }}>
          {t('moreChanges', { count: changes.length - shown.length })}
        </Box>
      ) : null}
    </Box>
  );
}

/** « Chrome · Android » from a user agent, or the start of it. */
export function shortAgent(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser || os) return [browser, os].filter(Boolean).join(' · ');
  return ua.length > 32 ? `${ua.slice(0, 31)}…` : ua;
}

export function Where({ entry }: { entry: TraceEntry }) {
  const { t } = useTranslation('traceability');
  // A sale is read from its ticket, which keeps no address: it was made at the agent's point of sale.
  if (entry.action === 'sell' && !entry.ip) return <>{t('atPos')}</>;
  return (
    <>
      <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: 13 }}>
        {entry.ip ?? '—'}
      </Box>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary' }}
        title={entry.user_agent ?? undefined}
      >
        {shortAgent(entry.user_agent)}
      </Typography>
    </>
  );
}
