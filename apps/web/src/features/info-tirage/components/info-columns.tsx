import type { InfoTirage, infoTirageListQuery } from '@borlette/shared/contracts/info-tirage';
import type { SortKey } from '@borlette/shared/contracts/list';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { BusinessDay } from '../../../components/business-day';
import type { DataTableColumn } from '../../../components/data-table';
import { LotBalls } from '../../../components/lot-balls';
import { fDateTime, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';

const caption = { color: 'text.secondary', display: 'block', fontWeight: 400, whiteSpace: 'nowrap' } as const;
const digits = { fontVariantNumeric: 'tabular-nums', letterSpacing: 1, fontWeight: 600 } as const;

function Tirage({ r }: { r: InfoTirage }) {
  const { t, i18n } = useTranslation('infoTirage');
  const user = useUser();
  const when = fDateTime(r.updated_at, { timeZone: user.company?.timezone, language: i18n.language });
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {r.tirage_name}
      </Box>
      <Typography component="span" variant="caption" sx={caption} title={when}>
        {t(`origin.${r.origin}`)}
        {r.version > 1 ? ` · ${t('corrected', { count: r.version - 1 })}` : ''}
      </Typography>
    </>
  );
}

/** « Loto 4 : 4567 · 2345 · 2367 » and the same for loto 5, from the company's mappings. */
function Options({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation('infoTirage');
  const codes = Object.keys(options).sort();
  const line = (game: '4' | '5') => {
    const list = codes.filter((c) => c.startsWith(game));
    if (!list.length) return null;
    return (
      <Box key={game} sx={{ whiteSpace: 'nowrap' }}>
        <Box component="span" sx={{ color: 'text.secondary', mr: 0.75 }}>
          {t(`options.loto${game}`)}
        </Box>
        {list.map((c, i) => (
          <Box
            component="span"
            key={c}
            sx={{ ...digits, letterSpacing: 0 }}
            title={t('options.code', { game: c[0], option: c[1] })}
          >
            {i > 0 ? ' ' : ''}
            {options[c]}
          </Box>
        ))}
      </Box>
    );
  };
  if (!codes.length) return <Box sx={{ color: 'text.disabled' }}>—</Box>;
  return (
    <Box sx={{ typography: 'caption', lineHeight: 1.6 }}>
      {line('4')}
      {line('5')}
    </Box>
  );
}

function Winnings({ r }: { r: InfoTirage }) {
  const { t, i18n } = useTranslation('infoTirage');
  const user = useUser();
  return (
    <Box sx={{ textAlign: 'right' }}>
      <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap', ...digits, letterSpacing: 0 }}>
        {formatMoney(r.win_amount, user.company?.currency ?? 'HTG', i18n.language)}
      </Box>
      <Typography component="span" variant="caption" sx={caption}>
        {t('winners', { count: r.winners, tickets: r.tickets })}
      </Typography>
      {r.paid > 0 ? (
        <Typography component="span" variant="caption" sx={caption}>
          {t('paidCount', { count: r.paid })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The list's columns (labels are keys of infoTirage.json). */
export const infoColumns: DataTableColumn<InfoTirage, SortKey<typeof infoTirageListQuery>>[] = [
  {
    id: 'draw_date',
    header: 'infoTirage:columns.date',
    sortKey: 'draw_date',
    card: 'subtitle',
    render: (r) => (
      <Box sx={{ whiteSpace: 'nowrap', ...digits, letterSpacing: 0 }}>
        <BusinessDay day={r.draw_date} />
      </Box>
    ),
  },
  {
    id: 'tirage',
    header: 'infoTirage:columns.tirage',
    sortKey: 'tirage',
    minWidth: 140,
    card: 'title',
    render: (r) => <Tirage r={r} />,
  },
  {
    id: 'picks',
    header: 'infoTirage:columns.picks',
    hideOnPhone: true,
    render: (r) => (
      <Box component="span" sx={{ whiteSpace: 'nowrap', ...digits, letterSpacing: 0.5 }}>
        {r.pick3}
        <Box component="span" sx={{ color: 'text.disabled', mx: 0.5 }}>
          /
        </Box>
        {r.pick4}
      </Box>
    ),
  },
  { id: 'lots', header: 'infoTirage:columns.lots', render: (r) => <LotBalls lots={r.lots} /> },
  {
    id: 'options',
    header: 'infoTirage:columns.options',
    hideOnPhone: true,
    render: (r) => <Options options={r.lots.options} />,
  },
  { id: 'win', header: 'infoTirage:columns.win', align: 'right', render: (r) => <Winnings r={r} /> },
];
