import type { ExposureRow } from '@borlette/shared/contracts/exposure';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toneColors } from '../../../lib/tone';
import { LEVEL_TONE } from '../lib/levels';

export interface RowActions {
  onBlock?: (row: ExposureRow) => void;
  onLimit?: (row: ExposureRow) => void;
}

/**
 * The numbers of the board, largest payout first: a table on wide screens, a compact card per number
 * on phones (the same cells). Each row is tinted by its level (thresholds of the answer).
 */
export function ExposureTable({
  rows,
  money,
  actions,
}: {
  rows: ExposureRow[];
  money: (v: number | null) => string;
  actions: RowActions;
}) {
  const { t, i18n } = useTranslation('exposure');
  const theme = useTheme();
  const game = (code: number) => t(`games.${code}`, { defaultValue: String(code) });
  if (!rows.length) return <Typography sx={{ p: 3, color: 'text.secondary' }}>{t('empty')}</Typography>;
  const level = (r: ExposureRow) => {
    const c = toneColors(theme, LEVEL_TONE[r.level]);
    return (
      <Chip size="small" label={t(`level.${r.level}`)} sx={{ color: c.text, borderColor: c.main }} variant="outlined" />
    );
  };
  const used = (r: ExposureRow) =>
    r.used === null ? (
      '—'
    ) : (
      <Box sx={{ minWidth: 90 }}>
        <Typography variant="body2">{`${r.used.toLocaleString(i18n.language)} %`}</Typography>
        <LinearProgress
          variant="determinate"
          value={Math.min(100, r.used)}
          color={r.level === 'hot' ? 'error' : r.level === 'warn' ? 'warning' : 'success'}
          aria-label={t('columns.used')}
        />
      </Box>
    );
  const buttons = (r: ExposureRow) => (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end' }}>
      {actions.onLimit ? (
        <Tooltip title={t('actions.limit')}>
          <IconButton
            size="small"
            aria-label={`${t('actions.limit')} ${r.number}`}
            onClick={() => actions.onLimit?.(r)}
          >
            <TuneOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
      {actions.onBlock && !r.blocked ? (
        <Tooltip title={t('actions.block')}>
          <IconButton
            size="small"
            color="error"
            aria-label={`${t('actions.block')} ${r.number}`}
            onClick={() => actions.onBlock?.(r)}
          >
            <BlockOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : null}
    </Box>
  );
  return (
    <>
      <TableContainer sx={{ display: { xs: 'none', md: 'block' } }}>
        {/* Fits a 1440 px screen beside the menu: tight cells, the 2nd and 3rd lots only on wider ones. */}
        <Table
          size="small"
          aria-label={t('tableLabel')}
          sx={{ '& td, & th': { px: 1 }, '& .wide': { display: { xs: 'none', xl: 'table-cell' } } }}
        >
          <TableHead>
            <TableRow>
              {['number', 'game', 'sold', 'lot1', 'lot2', 'lot3', 'payout', 'limit', 'used', 'level'].map((c) => (
                <TableCell
                  key={c}
                  className={c === 'lot2' || c === 'lot3' ? 'wide' : undefined}
                  align={['number', 'game', 'level', 'used'].includes(c) ? 'left' : 'right'}
                >
                  {t(`columns.${c}`)}
                </TableCell>
              ))}
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={`${r.code}-${r.number}`} data-number={r.number} data-level={r.level}>
                <TableCell sx={{ fontWeight: 700, fontFamily: 'monospace' }}>{r.number}</TableCell>
                <TableCell>{game(r.code)}</TableCell>
                <TableCell align="right">{money(r.sold)}</TableCell>
                <TableCell align="right">{r.payout_lot1 === null ? '—' : money(r.payout_lot1)}</TableCell>
                <TableCell align="right" className="wide">
                  {r.payout_lot2 === null ? '—' : money(r.payout_lot2)}
                </TableCell>
                <TableCell align="right" className="wide">
                  {r.payout_lot3 === null ? '—' : money(r.payout_lot3)}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {money(r.payout)}
                </TableCell>
                <TableCell align="right">{r.limit === null ? '—' : money(r.limit)}</TableCell>
                <TableCell>{used(r)}</TableCell>
                <TableCell>{level(r)}</TableCell>
                <TableCell>{buttons(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box component="ul" sx={{ display: { xs: 'grid', md: 'none' }, gap: 1, listStyle: 'none', p: 1, m: 0 }}>
        {rows.map((r) => (
          <Box
            component="li"
            key={`${r.code}-${r.number}`}
            data-number={r.number}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 0.5 }}
          >
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography sx={{ fontWeight: 700, fontFamily: 'monospace', fontSize: 18 }}>{r.number}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                {game(r.code)}
              </Typography>
              {level(r)}
            </Box>
            <Typography variant="body2">
              {t('columns.sold')} : {money(r.sold)} · {t('columns.payout')} : <b>{money(r.payout)}</b>
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('columns.limit')} : {r.limit === null ? '—' : money(r.limit)}
            </Typography>
            {used(r)}
            {buttons(r)}
          </Box>
        ))}
      </Box>
    </>
  );
}
