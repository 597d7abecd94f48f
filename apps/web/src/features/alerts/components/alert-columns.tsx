import type { Alert } from '@borlette/shared/contracts/alerts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { DataTableColumn } from '../../../components/data-table';
import { paths } from '../../../config/paths';
import { fBusinessDay, fDateTime, formatMoney } from '../../../lib/format';
import type { AlertSortKey } from '../api/alerts';
import { ficheLink, figuresOf } from '../lib/alert-evidence';

const SEVERITY_COLOR = { high: 'error', medium: 'warning', low: 'info' } as const;
const STATE_COLOR = { new: 'error', seen: 'warning', closed: 'default' } as const;
const LISTS = { sold: paths.dashboard.borlette.fiches, deleted: paths.dashboard.borlette.fichesSupprimer };

export function SeverityChip({ severity }: { severity: Alert['severity'] }) {
  const { t } = useTranslation('alerts');
  return <Chip size="small" color={SEVERITY_COLOR[severity]} label={t(`severities.${severity}`)} />;
}

export function StateChip({ state }: { state: Alert['state'] }) {
  const { t } = useTranslation('alerts');
  return <Chip size="small" variant="outlined" color={STATE_COLOR[state]} label={t(`states.${state}`)} />;
}

/** The figures of the anomaly, each labelled, amounts in the company's currency. */
export function Evidence({ x }: { x: Alert }) {
  const { t, i18n } = useTranslation('alerts');
  const show = (f: ReturnType<typeof figuresOf>[number]) =>
    f.kind === 'money'
      ? formatMoney(String(f.value), x.currency, i18n.language)
      : f.kind === 'time'
        ? fDateTime(String(f.value), { timeZone: x.timezone, language: i18n.language })
        : f.kind === 'flag'
          ? t(f.value ? 'yes' : 'no')
          : String(f.value);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 220 }}>
      {figuresOf(x.evidence).map((f) => (
        <Typography key={f.key} component="span" variant="body2">
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t(`figures.${f.key}`, { defaultValue: f.key })} :
          </Box>{' '}
          {show(f)}
        </Typography>
      ))}
      {x.note ? (
        <Typography component="span" variant="caption" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
          {t('noteLabel')} : {x.note}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The tickets of the evidence, each a link to its list with its drawer open. */
export function Fiches({ x }: { x: Alert }) {
  const { t } = useTranslation('alerts');
  if (!x.evidence.fiches.length) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, maxWidth: 260 }}>
      {x.evidence.fiches.map((f) => (
        <Link
          key={f.id}
          component={RouterLink}
          to={ficheLink(f, LISTS)}
          onClick={(e) => e.stopPropagation()}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {t('ticket', { number: f.number })}
        </Link>
      ))}
    </Box>
  );
}

function Concerned({ x }: { x: Alert }) {
  const { t, i18n } = useTranslation('alerts');
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {x.agent_name ?? t('wholeCompany')}
      </Box>
      <Typography component="span" variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
        {[x.surcussale_name, x.tirage_name, fBusinessDay(x.draw_date, i18n.language) || null]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </>
  );
}

function Raised({ x }: { x: Alert }) {
  const { i18n } = useTranslation();
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {fDateTime(x.created_at, { timeZone: x.timezone, language: i18n.language })}
    </Box>
  );
}

function Kind({ x }: { x: Alert }) {
  const { t } = useTranslation('alerts');
  return <Box sx={{ fontWeight: 600 }}>{t(`kinds.${x.kind}`)}</Box>;
}

export const alertColumns: DataTableColumn<Alert, AlertSortKey>[] = [
  { id: 'kind', header: 'alerts:columns.kind', sortKey: 'kind', minWidth: 200, render: (x) => <Kind x={x} /> },
  {
    id: 'severity',
    header: 'alerts:columns.severity',
    sortKey: 'severity',
    render: (x) => <SeverityChip severity={x.severity} />,
  },
  { id: 'created_at', header: 'alerts:columns.created_at', sortKey: 'created_at', render: (x) => <Raised x={x} /> },
  { id: 'agent', header: 'alerts:columns.agent', sortKey: 'agent', minWidth: 160, render: (x) => <Concerned x={x} /> },
  { id: 'evidence', header: 'alerts:columns.evidence', render: (x) => <Evidence x={x} /> },
  { id: 'fiches', header: 'alerts:columns.fiches', render: (x) => <Fiches x={x} /> },
  { id: 'state', header: 'alerts:columns.state', sortKey: 'state', render: (x) => <StateChip state={x.state} /> },
];
