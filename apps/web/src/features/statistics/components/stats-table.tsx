import type { Statistics } from '@borlette/shared/contracts/statistics';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { CardList, type CardListColumn, CardSkeletons, RowCard } from '../../../components/data-table/row-cards';
import { EmptyState, ErrorState, MessagePanel, SkeletonRows } from '../../../components/data-table/table-states';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { formatPlain } from '../../../lib/figures';
import { useCompanyDisplay } from '../../../lib/session/use-company-display';
import { exposure, exposureText, exposureTone } from '../lib/heat-scale';

type Row = Statistics['rows'][number];
const SIZES = [10, 25, 50, 100];

/** The exposure as a bar (green, orange from 50 %, red from 80 %) and its percentage. */
function ExposureBar({ amount, limit }: { amount: number; limit: number | null }) {
  const { t, i18n } = useTranslation('statistics');
  const pct = exposure(amount, limit);
  if (pct === null)
    return (
      <Typography variant="caption" sx={{ color: 'text.disabled' }}>
        {t('table.noLimit')}
      </Typography>
    );
  const text = exposureText(pct, i18n.language);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 130 }}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, pct)}
        color={exposureTone(pct)}
        aria-label={t('table.exposureOf', { pct: text })}
        sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
      />
      <Typography
        variant="caption"
        sx={{ width: 48, textAlign: 'right', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
      >
        {text} %
      </Typography>
    </Box>
  );
}

/**
 * Per (game, number): amount sold, limit, exposure; largest amount first. The server pages and searches
 * (`rows` is the page, `count` every match); `search` may come from a click on the heat map.
 */
export function StatsTable({
  rows,
  count,
  page,
  size,
  onPage,
  onSize,
  loading,
  fetching,
  error,
  onRetry,
  search,
  onSearch,
  gameLabel,
  currency,
}: {
  rows: Row[] | undefined;
  count: number;
  /** 0-based. */
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
  loading: boolean;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  search: string;
  onSearch: (value: string) => void;
  gameLabel: (code: number) => string;
  /** The currency of the answer (« Toutes »: the one chosen); the company's by default. */
  currency?: string;
}) {
  const { t } = useTranslation(['statistics', 'components']);
  const d = useCompanyDisplay();
  const theme = useTheme();
  // Phones: one card per number (amount, limit and exposure in view), like every list.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const label = (c: string) => t(`table.columns.${c}`, { currency: d.currency });
  const cardColumns: CardListColumn<Row>[] = [
    { id: 'number', card: 'title', label: label('number'), render: (r) => `${r.number} · ${gameLabel(r.code)}` },
    { id: 'amount', card: 'amount', label: label('amount'), render: (r) => formatPlain(r.amount, d) },
    {
      id: 'limit',
      card: 'amount',
      label: label('limit'),
      render: (r) => (r.limit === null ? '—' : formatPlain(r.limit, d)),
    },
    {
      id: 'exposure',
      card: 'wide',
      label: label('exposure'),
      render: (r) => <ExposureBar amount={r.amount} limit={r.limit} />,
    },
  ];

  let message = null;
  if (error && !rows)
    message = (
      <MessagePanel>
        <ErrorState
          message={errorMessage(error, t('components:table.networkError'))}
          onRetry={onRetry}
          retrying={fetching}
        />
      </MessagePanel>
    );
  else if (!loading && !rows?.length)
    message = (
      <MessagePanel>
        <EmptyState
          title={search ? t('table.noMatch') : t('table.empty')}
          text={search ? undefined : t('table.emptyText')}
        />
      </MessagePanel>
    );

  return (
    <Card component="section" aria-labelledby="stats-table-title">
      <Box sx={{ p: 2, display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography id="stats-table-title" variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
          {t('table.title')}
        </Typography>
        <TextField
          size="small"
          value={search}
          onChange={(e) => onSearch(e.target.value.replace(/[^\d*]/g, '').slice(0, 9))}
          placeholder={t('table.search')}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 200px' } }}
          slotProps={{
            htmlInput: { 'aria-label': t('table.search'), inputMode: 'numeric' },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" sx={{ color: 'text.disabled' }} />
                </InputAdornment>
              ),
              endAdornment: search ? (
                <InputAdornment position="end">
                  <IconButton size="small" edge="end" aria-label={t('table.clear')} onClick={() => onSearch('')}>
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : null,
            },
          }}
        />
      </Box>
      <Box sx={{ position: 'relative' }}>
        {fetching && !loading ? (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 3 }} />
        ) : null}
        {phone ? (
          <CardList label={t('table.title')}>
            {loading ? (
              <CardSkeletons count={4} />
            ) : (
              (rows ?? []).map((r) => <RowCard key={`${r.code}-${r.number}`} row={r} columns={cardColumns} />)
            )}
          </CardList>
        ) : (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('table.title')} aria-busy={fetching} sx={{ minWidth: 420 }}>
              <TableHead>
                <TableRow>
                  {['number', 'amount', 'limit', 'exposure'].map((c) => (
                    <TableCell
                      key={c}
                      align={c === 'amount' || c === 'limit' ? 'right' : 'left'}
                      sx={{
                        whiteSpace: 'nowrap',
                        color: 'text.secondary',
                        fontWeight: 600,
                        bgcolor: 'background.neutral',
                      }}
                    >
                      {t(`table.columns.${c}`, { currency: currency ?? d.currency })}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {loading ? (
                  <SkeletonRows rows={5} columns={4} actions={false} />
                ) : (
                  (rows ?? []).map((r) => (
                    <TableRow hover key={`${r.code}-${r.number}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Box
                          component="span"
                          sx={{ display: 'block', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                        >
                          {r.number}
                        </Box>
                        <Typography component="span" variant="caption" sx={{ color: 'text.secondary' }}>
                          {gameLabel(r.code)}
                        </Typography>
                      </TableCell>
                      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                        {formatPlain(r.amount, d)}
                      </TableCell>
                      <TableCell
                        align="right"
                        sx={{
                          fontVariantNumeric: 'tabular-nums',
                          whiteSpace: 'nowrap',
                          color: r.limit === null ? 'text.disabled' : undefined,
                        }}
                      >
                        {r.limit === null ? '—' : formatPlain(r.limit, d)}
                      </TableCell>
                      <TableCell>
                        <ExposureBar amount={r.amount} limit={r.limit} />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {message}
      </Box>
      <TablePagination
        component="div"
        count={count}
        page={count ? Math.min(page, Math.max(0, Math.ceil(count / size) - 1)) : 0}
        rowsPerPage={size}
        rowsPerPageOptions={SIZES}
        onPageChange={(_, p) => onPage(p)}
        onRowsPerPageChange={(e) => onSize(Number(e.target.value))}
        labelRowsPerPage={t('components:table.rowsPerPageShort')}
        labelDisplayedRows={({ from, to, count }) => t('components:table.displayedRows', { from, to, count })}
        getItemAriaLabel={(type) => t(`components:table.page.${type}`)}
        sx={{ borderTop: 1, borderColor: 'divider' }}
      />
    </Card>
  );
}
