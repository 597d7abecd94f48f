import { type WalletEntry, type WalletPage, walletEndpoints } from '@borlette/shared/contracts/wallet';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import SavingsOutlinedIcon from '@mui/icons-material/SavingsOutlined';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import UndoIcon from '@mui/icons-material/Undo';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useBalanceLook } from '../../../components/balance-figure';
import { useConfirm } from '../../../components/confirm-dialog';
import { DataTable, type RowAction, toListParams, useListQuery, useTableState } from '../../../components/data-table';
import { filterField, shrink } from '../../../components/filters';
import { PageHeader } from '../../../components/page-header';
import { PeriodFilters } from '../../../components/period-filters';
import { SummaryCards, type SummaryItem } from '../../../components/summary-cards';
import { paths } from '../../../config/paths';
import { useCan } from '../../../lib/authorization';
import { fDay, formatCount } from '../../../lib/format';
import { useUser } from '../../../lib/session/use-session';
import { narrowed, type UrlSpec } from '../../../lib/url-state';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useReverseZero, WALLET_KEY } from '../api/wallet';
import { BalancesPanel } from '../components/balances-panel';
import { SupervisorCommissionsPanel } from '../components/supervisor-commissions-panel';
import { WALLET_COLUMNS } from '../components/wallet-columns';
import { balanceTotals, canReverse, formatSigned, WALLET_KINDS } from '../lib/wallet-kinds';

const EXTRA = { kind: { param: 'kind', type: WALLET_KINDS } } as const satisfies UrlSpec<'kind'>;
const NARROWING = ['surcussale', 'agent', 'kind'];

/**
 * /dashboard/transactions (view_wallettransaction): the ledger's entries of the period (today by
 * default) filtered by agent, sub-branch and kind, with the period's total and the balances of the
 * agents concerned; a transaction zero can be reversed from its row.
 */
export default function WalletListPage() {
  const { t } = useTranslation(['wallet', 'reports', 'nav']);
  const user = useUser();
  const confirm = useConfirm();
  const reverse = useReverseZero();
  const f = useUrlFilters(EXTRA);
  const d = f.display;
  const hasCompany = !!user.company;
  const canAdd = useCan(walletEndpoints.add);
  const canChange = useCan(walletEndpoints.reverseZero);

  const { tirage_id: _t, ...period } = f.apiParams;
  const key = JSON.stringify([period, f.state.kind]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: compared by value (key)
  const params = useMemo(() => ({ ...period, kind: f.state.kind || undefined }), [key]);

  // The totals come with the page: the same query as the table's (same key and params, one request).
  const sortKeys = useMemo(() => WALLET_COLUMNS.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), []);
  const { state } = useTableState({ sortKeys, defaultSort: 'at', defaultOrder: 'desc' });
  const list = useListQuery<WalletEntry>(WALLET_KEY, walletEndpoints.list, toListParams(state, params));
  const page = list.isError ? undefined : (list.data as WalletPage | undefined);

  const askReverse = useCallback(
    async (e: WalletEntry) => {
      const ok = await confirm({
        title: t('reverse.title'),
        message: t('reverse.message', {
          agent: e.agent_name,
          amount: formatSigned(e.amount, d),
          currency: d.currency,
          day: fDay(e.business_date, d.language),
        }),
        confirmText: t('reverse.confirm'),
        danger: true,
      });
      if (ok) reverse.mutate(e);
    },
    [confirm, reverse, t, d],
  );
  const rowActions = useCallback(
    (e: WalletEntry): RowAction[] =>
      canChange && canReverse(e)
        ? [
            {
              key: 'reverse',
              label: 'wallet:reverse.action',
              icon: <UndoIcon />,
              color: 'error',
              onClick: () => void askReverse(e),
            },
          ]
        : [],
    [canChange, askReverse],
  );

  // One row of cards per currency: with « Toutes », amounts of different currencies are never added.
  const look = useBalanceLook();
  const lines = page?.totals ?? [];
  const multi = lines.length > 1;
  const cardsOf = (x: WalletPage['totals'][number] | undefined): SummaryItem[] => {
    const sums = x ? balanceTotals((page?.balances ?? []).filter((b) => b.currency === x.currency)) : undefined;
    const total = x ? look(x.total, x.currency) : undefined;
    const owed = x && sums ? look(sums.owed, x.currency) : undefined;
    const deficit = x && sums ? look(sums.deficit, x.currency) : undefined;
    return [
      {
        key: 'total',
        label: t('summary.total'),
        value: total?.text ?? null,
        valueColor: total?.color,
        caption: x && x.total !== 0 ? t(x.total > 0 ? 'summary.up' : 'summary.down') : undefined,
        icon: <AccountBalanceWalletOutlinedIcon />,
        tone: 'info',
      },
      {
        key: 'count',
        label: t('summary.count'),
        value: x ? formatCount(x.count, d.language) : null,
        icon: <ReceiptLongOutlinedIcon />,
        tone: 'secondary',
      },
      {
        key: 'owed',
        label: t('summary.owed'),
        value: owed?.text ?? null,
        valueColor: owed?.color,
        caption: owed?.label,
        icon: <SavingsOutlinedIcon />,
        tone: 'warning',
      },
      {
        key: 'deficit',
        label: t('summary.deficit'),
        value: deficit?.text ?? null,
        valueColor: deficit?.color,
        caption: deficit?.label,
        icon: <TrendingDownIcon />,
        tone: 'error',
      },
    ];
  };

  const title = t('nav:transactions');
  const reset = () => f.update({ surcussale: '', agent: '', kind: '' });
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('subtitle')}
        breadcrumbs={[{ label: t('nav:app'), to: paths.dashboard.app }, { label: title }]}
        action={
          canAdd ? (
            <Button
              component={RouterLink}
              to={`${paths.dashboard.transactions}/new`}
              variant="contained"
              startIcon={<AddIcon />}
            >
              {t('nav:transactions_new')}
            </Button>
          ) : undefined
        }
      />
      {!hasCompany ? (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('allCompanies')}
        </Alert>
      ) : null}
      {lines.length && multi ? (
        lines.map((x) => (
          <Box key={x.currency}>
            <Typography variant="overline" component="h2" sx={{ display: 'block', color: 'text.secondary' }}>
              {t('summary.inCurrency', { currency: x.currency })}
            </Typography>
            <SummaryCards
              items={cardsOf(x)}
              loading={false}
              label={t('summary.inCurrency', { currency: x.currency })}
            />
          </Box>
        ))
      ) : (
        <SummaryCards items={cardsOf(lines[0])} loading={list.isPending} label={t('summary.label')} />
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 320px' },
        }}
      >
        <Box sx={{ order: { xs: 2, xl: 1 }, minWidth: 0 }}>
          <DataTable<WalletEntry>
            queryKey={WALLET_KEY}
            endpoint={walletEndpoints.list}
            columns={WALLET_COLUMNS}
            rowKey={(r) => r.id}
            rowActions={canChange ? rowActions : undefined}
            rowLabel={(r) => t('rowLabel', { kind: t(`kinds.${r.kind}`), agent: r.agent_name })}
            params={params}
            searchPlaceholder="wallet:search"
            defaultSort="at"
            defaultOrder="desc"
            csv
            csvFilename="transactions.csv"
            ariaLabel={title}
            toolbar={
              <PeriodFilters
                state={f.state}
                range={f.range}
                problem={f.problem}
                today={f.today}
                onChange={f.update}
                show={{ surcussale: true, agent: true }}
                onReset={narrowed(f.state, NARROWING) ? reset : undefined}
              >
                <TextField
                  select
                  size="small"
                  label={t('filters.kind')}
                  value={f.state.kind}
                  onChange={(e) => f.update({ kind: e.target.value })}
                  sx={filterField}
                  slotProps={{ ...shrink, select: { displayEmpty: true } }}
                >
                  <MenuItem value="">{t('filters.allKinds')}</MenuItem>
                  {WALLET_KINDS.map((k) => (
                    <MenuItem key={k} value={k}>
                      {t(`kinds.${k}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </PeriodFilters>
            }
            empty={{
              title: t('empty.title'),
              text:
                f.range.start === f.range.end
                  ? t('empty.day', { day: fDay(f.range.start, d.language) })
                  : t('empty.range', { start: fDay(f.range.start, d.language), end: fDay(f.range.end, d.language) }),
              action: canAdd ? (
                <Button
                  component={RouterLink}
                  to={`${paths.dashboard.transactions}/new`}
                  variant="outlined"
                  color="inherit"
                >
                  {t('nav:transactions_new')}
                </Button>
              ) : undefined,
            }}
          />
        </Box>
        <Box sx={{ order: { xs: 1, xl: 2 }, minWidth: 0 }}>
          <BalancesPanel
            balances={page?.balances}
            loading={list.isPending}
            failed={list.isError}
            endDate={fDay(f.range.end, d.language)}
            selected={f.state.agent}
            onSelect={(b) =>
              f.state.agent === String(b.agent_id)
                ? f.update({ agent: '' })
                : f.update({ agent: String(b.agent_id), agentLabel: b.agent_name })
            }
            canAdd={canAdd}
            showCurrency={!hasCompany}
          />
          <SupervisorCommissionsPanel lines={page?.supervisor_commissions} />
        </Box>
      </Box>
    </>
  );
}
