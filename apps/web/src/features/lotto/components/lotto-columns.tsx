import type { LottoOption } from '@borlette/shared/contracts/lotto';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DataTableColumn } from '../../../components/data-table';
import { Ball } from '../../../components/lot-balls';
import { StatusChip } from '../../../components/status-chip';
import { ToneChip } from '../../../components/tone-chip';
import type { LottoSortKey } from '../api/lotto';

function Option({ o }: { o: LottoOption }) {
  const { t } = useTranslation('lotto');
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {o.label}
      </Box>
      <Typography
        component="span"
        variant="caption"
        sx={{ color: 'text.secondary', display: 'block', fontWeight: 400, whiteSpace: 'nowrap' }}
      >
        {t('codeLabel', { game: t(`games.${o.game}`), option: o.option, code: o.code })}
      </Typography>
    </>
  );
}

/** « lot2 + lot3 ». */
export function Composition({ mapping }: { mapping: LottoOption['mapping'] }) {
  const { t } = useTranslation('lotto');
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {mapping.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a part may appear twice
        <Box component="span" key={i}>
          {i > 0 ? (
            <Box component="span" sx={{ color: 'text.disabled', mx: 0.75 }}>
              +
            </Box>
          ) : null}
          {t(`parts.${p}`)}
        </Box>
      ))}
    </Box>
  );
}

function Enabled({ on }: { on: boolean }) {
  const { t } = useTranslation('lotto');
  return <ToneChip tone={on ? 'success' : 'grey'} label={t(on ? 'enabled.yes' : 'enabled.no')} />;
}

/** The list's columns (labels are keys of lotto.json). */
export const lottoColumns: DataTableColumn<LottoOption, LottoSortKey>[] = [
  {
    id: 'label',
    header: 'lotto:columns.option',
    sortKey: 'code',
    minWidth: 160,
    render: (o) => <Option o={o} />,
  },
  { id: 'mapping', header: 'lotto:columns.composition', render: (o) => <Composition mapping={o.mapping} /> },
  {
    id: 'example',
    header: 'lotto:columns.example',
    hideOnPhone: true,
    render: (o) => <Ball value={o.example} tone="loto" />,
  },
  { id: 'enabled', header: 'lotto:columns.enabled', render: (o) => <Enabled on={o.enabled} /> },
  {
    id: 'status',
    header: 'lotto:columns.status',
    sortKey: 'status',
    render: (o) => <StatusChip status={o.status} female />,
  },
];
