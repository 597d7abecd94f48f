import type { Message } from '@borlette/shared/contracts/messages';
import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { ToneChip } from '../../../components/tone-chip';
import { fDateTime } from '../../../lib/format';
import type { Tone } from '../../../lib/tone';

/** A date-time on the company's clock, in the interface's language. */
function When({ at, timeZone }: { at: string | null; timeZone: string }) {
  const { t, i18n } = useTranslation('messages');
  if (!at) return <Box sx={{ color: 'text.secondary' }}>{t('noEnd')}</Box>;
  return <Box sx={{ whiteSpace: 'nowrap' }}>{fDateTime(at, { timeZone, language: i18n.language })}</Box>;
}

/** « En cours » (green), « À venir » (blue), « Terminé » (grey); « Désactivé » when switched off. */
export function MessageStateChip({ message }: { message: Pick<Message, 'status' | 'period'> }) {
  const { t } = useTranslation('messages');
  if (message.status === 'inactive') return <ToneChip tone="warning" label={t('state.inactive')} />;
  const tone: Record<Message['period'], Tone> = { current: 'success', upcoming: 'info', ended: 'grey' };
  return <ToneChip tone={tone[message.period]} label={t(`state.${message.period}`)} />;
}

function Audience({ m }: { m: Message }) {
  const { t } = useTranslation('messages');
  if (m.audience === 'all') return <>{t('audience.all')}</>;
  if (m.audience === 'surcussale') return <>{m.surcussale_name ?? t('audience.surcussale')}</>;
  const names = m.agents.map((a) => a.name);
  return (
    <Box title={names.join(', ')}>
      {t('audience.agentsCount', { count: names.length })}
      <Typography component="span" variant="caption" sx={{ display: 'block', color: 'text.secondary' }}>
        {names.slice(0, 2).join(', ')}
        {names.length > 2 ? '…' : ''}
      </Typography>
    </Box>
  );
}

export const messageColumns: DataTableColumn<Message>[] = [
  {
    id: 'title',
    header: 'messages:columns.title',
    sortKey: 'title',
    minWidth: 220,
    render: (m) => (
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', minWidth: 0 }}>
        <Avatar
          variant="rounded"
          src={m.image ?? undefined}
          alt=""
          sx={{ width: 44, height: 44, bgcolor: 'background.neutral' }}
        >
          <ImageOutlinedIcon sx={{ color: 'text.disabled' }} />
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ display: 'block' }}>
            {m.title}
          </Box>
          <Typography
            component="span"
            variant="caption"
            sx={{
              color: 'text.secondary',
              fontWeight: 400,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              maxWidth: 320,
            }}
          >
            {m.text}
          </Typography>
        </Box>
      </Box>
    ),
  },
  { id: 'audience', header: 'messages:columns.audience', minWidth: 140, render: (m) => <Audience m={m} /> },
  {
    id: 'starts_at',
    header: 'messages:columns.startsAt',
    sortKey: 'starts_at',
    render: (m) => <When at={m.starts_at} timeZone={m.timezone} />,
  },
  {
    id: 'ends_at',
    header: 'messages:columns.endsAt',
    sortKey: 'ends_at',
    hideOnPhone: true,
    render: (m) => <When at={m.ends_at} timeZone={m.timezone} />,
  },
  {
    id: 'status',
    header: 'messages:columns.status',
    sortKey: 'status',
    render: (m) => <MessageStateChip message={m} />,
  },
];
