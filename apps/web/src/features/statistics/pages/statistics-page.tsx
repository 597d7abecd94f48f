import { SOLD_BET_CODES } from '@borlette/shared/contracts/engine-common';
import { statisticsEndpoints } from '@borlette/shared/contracts/statistics';
import GridOnOutlinedIcon from '@mui/icons-material/GridOnOutlined';
import LocalFireDepartmentOutlinedIcon from '@mui/icons-material/LocalFireDepartmentOutlined';
import PointOfSaleOutlinedIcon from '@mui/icons-material/PointOfSaleOutlined';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencySwitch } from '../../../components/currency-switch';
import { SEARCH_DEBOUNCE_MS } from '../../../components/data-table/table-toolbar';
import { filterField, shrink } from '../../../components/filters';
import { PageHeader } from '../../../components/page-header';
import { PeriodFilters } from '../../../components/period-filters';
import { ReportActions } from '../../../components/report-actions';
import { SummaryCards, type SummaryItem } from '../../../components/summary-cards';
import { paths } from '../../../config/paths';
import { formatCount, formatMoney } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { narrowed, type UrlSpec } from '../../../lib/url-state';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useStatistics } from '../api/statistics';
import { HeatMap } from '../components/heat-map';
import { StatsTable } from '../components/stats-table';
import { boletGrid, exposure, exposureText } from '../lib/heat-scale';

const GAMES = SOLD_BET_CODES.map(String);
const EXTRA = {
  game: { param: 'lotto_id', type: GAMES },
  // « Toutes » over companies of several currencies: the one to read (never a sum across them).
  currency: { param: 'currency', type: 'text' },
} as const satisfies UrlSpec<'game' | 'currency'>;
const CURRENCY = /^[A-Z]{3}$/;
const NARROWING = ['tirage', 'surcussale', 'agent', 'game'];

/**
 * /dashboard/borlette/statistiques (view_statistique): what was sold per number and game over the
 * period (draw, game, sub-branch, agent filters), the bolet balls as a 10×10 heat map beside the
 * table per (game, number) with its limit and exposure; CSV from the server.
 */
export default function StatisticsPage() {
  const { t } = useTranslation(['statistics', 'reports', 'nav']);
  const user = useUser();
  const f = useUrlFilters(EXTRA);
  const d = f.display;
  // The table: the server pages and searches; typing waits a moment, a click on the grid does not.
  const [search, setSearch] = useState('');
  const [sentSearch, setSentSearch] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(25);
  useEffect(() => {
    if (search === sentSearch) return;
    const id = setTimeout(() => setSentSearch(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [search, sentSearch]);
  const wantedCurrency = CURRENCY.test(f.state.currency) ? f.state.currency : undefined;
  const filters = useMemo(
    () => ({ ...f.apiParams, lotto_id: f.state.game || undefined, currency: wantedCurrency }),
    [f.apiParams, f.state.game, wantedCurrency],
  );
  // A new selection or search starts at the table's first page.
  const filterKey = JSON.stringify([filters, sentSearch]);
  const [pageKey, setPageKey] = useState(filterKey);
  if (pageKey !== filterKey) {
    setPageKey(filterKey);
    setPage(0);
  }
  const params = useMemo(
    () => ({ ...filters, search: sentSearch || undefined, page: page + 1, page_size: size }),
    [filters, sentSearch, page, size],
  );
  const q = useStatistics(params);
  const data = q.isError && !q.data ? undefined : q.data;
  const currency = data?.currency ?? d.currency;
  const money = (v: number) => formatMoney(v, currency, d.language);
  const gameLabel = (code: number) => t(`games.${code}`, { defaultValue: String(code) });
  const showGrid = !f.state.game || f.state.game === '20';
  const grid = useMemo(() => (data ? boletGrid(data.bolet) : null), [data]);

  const top = data?.top ?? undefined;
  const exposed = data?.exposed
    ? { ...data.exposed, pct: exposure(data.exposed.amount, data.exposed.limit) ?? 0 }
    : null;
  const summary: SummaryItem[] = [
    {
      key: 'total',
      label: t('summary.total'),
      value: data ? money(data.total) : null,
      icon: <PointOfSaleOutlinedIcon />,
      tone: 'success',
    },
    {
      key: 'numbers',
      label: t('summary.numbers'),
      value: data ? formatCount(data.numbers, d.language) : null,
      icon: <GridOnOutlinedIcon />,
      tone: 'info',
    },
    {
      key: 'top',
      label: t('summary.top'),
      value: data ? (top ? top.number : '—') : null,
      caption: top ? `${gameLabel(top.code)} · ${money(top.amount)}` : undefined,
      icon: <LocalFireDepartmentOutlinedIcon />,
      tone: 'secondary',
    },
    {
      key: 'exposed',
      label: t('summary.exposed'),
      value: data ? (exposed ? `${exposed.number} · ${exposureText(exposed.pct, d.language)} %` : '—') : null,
      caption: exposed ? gameLabel(exposed.code) : undefined,
      valueColor: exposed && exposed.pct >= 80 ? 'error.main' : undefined,
      icon: <WarningAmberOutlinedIcon />,
      tone: 'warning',
    },
  ];

  const title = t('nav:statistiques');
  const reset = () => f.update({ tirage: '', surcussale: '', agent: '', game: '' });
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: title }]}
        action={
          <ReportActions
            csv={{ endpoint: statisticsEndpoints.numbers, params: filters, filename: 'statistiques.csv' }}
          />
        }
      />
      {!user.company ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('reports:allCompanies')}
        </Alert>
      ) : null}
      <Card sx={{ p: { xs: 2, md: 2.5 }, mb: 3 }}>
        <PeriodFilters
          state={f.state}
          range={f.range}
          problem={f.problem}
          today={f.today}
          onChange={f.update}
          show={{ tirage: true, surcussale: true, agent: true }}
          onReset={narrowed(f.state, NARROWING) ? reset : undefined}
        >
          <TextField
            select
            size="small"
            label={t('filters.game')}
            value={f.state.game}
            onChange={(e) => f.update({ game: e.target.value })}
            sx={filterField}
            slotProps={{ ...shrink, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('filters.allGames')}</MenuItem>
            {GAMES.map((g) => (
              <MenuItem key={g} value={g}>
                {gameLabel(Number(g))}
              </MenuItem>
            ))}
          </TextField>
        </PeriodFilters>
        <Box sx={{ mt: 2, '&:empty': { display: 'none' } }}>
          <CurrencySwitch
            currencies={data?.currencies}
            value={currency}
            onChange={(next) => f.update({ currency: next })}
            label={t('currency.label')}
            note={t('currency.note', { currency })}
          />
        </Box>
      </Card>
      <SummaryCards items={summary} loading={q.isPending} label={t('summary.label')} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            lg: showGrid ? 'minmax(300px, 380px) minmax(0, 1fr)' : 'minmax(0, 1fr)',
          },
        }}
      >
        {showGrid ? (
          <HeatMap
            grid={grid}
            currency={currency}
            loading={q.isPending}
            failed={q.isError}
            selected={/^\d{2}$/.test(search) ? search : ''}
            onSelect={(ball) => {
              setSearch(ball);
              setSentSearch(ball);
            }}
          />
        ) : null}
        <StatsTable
          rows={data?.rows}
          count={data?.count ?? 0}
          page={page}
          size={size}
          onPage={setPage}
          onSize={(n) => {
            setSize(n);
            setPage(0);
          }}
          loading={q.isPending && !q.isError}
          fetching={q.isFetching}
          error={q.error}
          onRetry={() => void q.refetch()}
          search={search}
          onSearch={setSearch}
          gameLabel={gameLabel}
          currency={currency}
        />
      </Box>
    </>
  );
}
