import { exposureEndpoints } from '@borlette/shared/contracts/exposure';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LocalFireDepartmentOutlined from '@mui/icons-material/LocalFireDepartmentOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format';
import { posCall } from '../../api/pos-client';

/** Hot numbers are refreshed this often while the sale screen is open (the sale stays the authority). */
const REFRESH_MS = 20_000;

/**
 * « Boules chaudes » of the chosen draws, before the agent types (issue 22 §1): numbers near their
 * limit (the company's « chaud » threshold) or blocked, so the agent can steer the player. Silent when
 * there is none or the call fails.
 */
export function HotNumbersStrip({
  tirages,
  drawNames,
  currency,
}: {
  tirages: number[];
  drawNames: Map<number, string>;
  currency: string;
}) {
  const { t, i18n } = useTranslation('pos');
  const ids = [...tirages].sort((a, b) => a - b).join(',');
  const q = useQuery({
    queryKey: ['pos', 'hot-numbers', ids],
    queryFn: ({ signal }) => posCall(exposureEndpoints.hotNumbers, { tirage_ids: ids }, { signal }),
    enabled: ids.length > 0,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
  const rows = q.data?.rows ?? [];
  if (!ids || !rows.length) return null;
  const several = tirages.length > 1;
  return (
    <Box
      component="section"
      aria-label={t('hotNumbers.title')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center' }}
    >
      <Typography
        variant="caption"
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'warning.main', fontWeight: 600 }}
      >
        <LocalFireDepartmentOutlined fontSize="small" />
        {t('hotNumbers.title')}
      </Typography>
      {rows.map((r) => {
        const where = several ? ` · ${drawNames.get(r.tirage_id) ?? ''}` : '';
        const detail = r.blocked
          ? t('hotNumbers.blocked')
          : r.left === null
            ? `${r.used ?? ''} %`
            : t('hotNumbers.left', { amount: formatMoney(r.left, currency, i18n.language) });
        return (
          <Tooltip key={`${r.tirage_id}-${r.code}-${r.number}`} title={`${detail}${where}`}>
            <Chip
              size="small"
              variant="outlined"
              color={r.blocked ? 'default' : 'error'}
              icon={r.blocked ? <BlockOutlined /> : undefined}
              label={r.blocked ? r.number : `${r.number} · ${r.used ?? 0} %`}
              data-hot={r.number}
              sx={{ fontFamily: 'monospace', textDecoration: r.blocked ? 'line-through' : undefined }}
            />
          </Tooltip>
        );
      })}
      {q.data && q.data.hot > rows.length ? (
        <Typography variant="caption" color="text.secondary">
          {t('hotNumbers.more', { count: q.data.hot - rows.length })}
        </Typography>
      ) : null}
    </Box>
  );
}
