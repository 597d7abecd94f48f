import type { SaleAnswer } from '@borlette/shared/contracts/sale';
import { ERROR_CODE } from '@borlette/shared/error-codes';
import { formatBet } from '@borlette/shared/game/parse';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../../components/confirm-dialog';
import type { PosConfigAnswer } from '../../api/pos-api';
import { usePosUser } from '../../api/pos-session';
import { draftBreach } from '../../lib/ceilings';
import { clockOffset, isOpenNow } from '../../lib/draws';
import { type EntryError, parseEntry } from '../../lib/entry';
import { readRefusal } from '../../lib/refusal';
import { watchSaleLocation } from '../../lib/sale-location';
import * as ticket from '../../lib/ticket';
import { BOTTOM_NAV_HEIGHT } from '../layout';
import { ReceiptDialog } from '../receipt/receipt-dialog';
import { BetEntry } from './bet-entry';
import { DrawPicker } from './draw-picker';
import { HotNumbersStrip } from './hot-numbers-strip';
import { LiveCheckNotice } from './live-check-notice';
import { type SaleErrorState, SaleRefusalAlert } from './sale-refusal-alert';
import { SaleSubmissionStatus } from './sale-submission-status';
import { SaleSummary } from './sale-summary';
import { TicketLines } from './ticket-lines';
import { useBlockedBalls } from './use-blocked-balls';
import { useBreachMessage } from './use-breach-message';
import { useDraft, useDraftInput } from './use-draft';
import { useLiveCheck } from './use-live-check';
import { useSaleSubmission } from './use-sale-submission';

/** The sale screen once the config is there: draws, fast keyboard entry, totals, sale, receipt. */
export function SellScreen({ config, refetch }: { config: PosConfigAnswer; refetch: () => void }) {
  const { t } = useTranslation(['pos', 'ficheView']);
  const user = usePosUser();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [draft, setDraft] = useDraft(user.id);
  const [text, setText] = useDraftInput();
  const [entryErrors, setEntryErrors] = useState<string[]>([]);
  const [editingId, setEditingId] = useState<number | null>(null);
  const [refused, setRefused] = useState<Map<number, string>>(new Map());
  const [saleError, setSaleError] = useState<SaleErrorState | null>(null);
  const [receipt, setReceipt] = useState<SaleAnswer | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const offset = clockOffset(config.server_time, config.receivedAt);
  // The company asks where tickets are sold: the position is watched while this screen is open.
  useEffect(() => (config.sale_location ? watchSaleLocation() : undefined), [config.sale_location]);
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const finePointer = useMediaQuery('(pointer: fine)', { noSsr: true });
  // On a phone the draws fold into one line once chosen, so that typing has the screen.
  const [drawsOpen, setDrawsOpen] = useState(() => wide || draft.tirages.length === 0);

  // A chosen draw that closed (new config, or its countdown ran out) leaves the ticket, and we say so.
  const openIds = useMemo(
    () => new Set(config.tirages.filter((d) => isOpenNow(d, Date.now(), offset, config.server_time)).map((d) => d.id)),
    [config, offset],
  );
  useEffect(() => {
    const gone = draft.tirages.filter((id) => !openIds.has(id));
    if (gone.length === 0) return;
    const names = config.tirages.filter((d) => gone.includes(d.id)).map((d) => d.name);
    setDraft((d) => ticket.keepTirages(d, openIds));
    if (names.length) enqueueSnackbar(t('sell.drawClosed', { names: names.join(', ') }), { variant: 'warning' });
  }, [openIds, draft.tirages, config.tirages, setDraft, enqueueSnackbar, t]);

  const describe = (e: EntryError) =>
    e.kind === 'parse' ? e.message : t('sell.notOffered', { game: t(`ficheView:games.${e.code}`), number: e.number });

  const forget = (id: number) =>
    setRefused((m) => {
      if (!m.has(id)) return m;
      const next = new Map(m);
      next.delete(id);
      return next;
    });

  const onEntry = (value: string) => {
    const result = parseEntry(value, config.codes);
    setEntryErrors(result.errors.map(describe));
    if (result.bets.length > 0) {
      setDraft((d) =>
        editingId !== null ? ticket.replaceLine(d, editingId, result.bets) : ticket.addBets(d, result.bets),
      );
      if (editingId !== null) forget(editingId);
      setEditingId(null);
      setSaleError(null);
    }
    setText(result.rest);
  };

  const onEdit = (id: number) => {
    const line = draft.lines.find((l) => l.id === id);
    if (!line) return;
    setEditingId(id);
    setText(formatBet(line.bet));
    setEntryErrors([]);
    requestAnimationFrame(() => inputRef.current?.select());
  };

  const onRemove = (id: number) => {
    setDraft((d) => ticket.removeLine(d, id));
    forget(id);
    if (editingId === id) {
      setEditingId(null);
      setText('');
    }
  };

  const perDraw = ticket.perDrawAmount(draft.lines);
  const drawCount = draft.tirages.length;
  const total = ticket.ticketTotal(draft.lines, drawCount);
  const freePerDraw = ticket.freeMariagesPerDraw(perDraw, config.intervals);
  // Over the company's bounds: said before sending (the sale would refuse it), on the line if it is one.
  const over = useMemo(() => draftBreach(draft.lines, draft.tirages, config), [draft.lines, draft.tirages, config]);
  const overMessage = useBreachMessage(over?.breach ?? null, config.company.currency);
  // Blocked balls of the chosen draws, flagged as typed (issue 16): the sale would refuse them.
  const blocked = useBlockedBalls(draft.lines, draft.tirages, config, text);
  const drawNames = useMemo(() => new Map(config.tirages.map((d) => [d.id, d.name])), [config.tirages]);
  const shownRefused = joinMessages(
    refused,
    blocked.byLine,
    new Map(over?.lineId != null && overMessage ? [[over.lineId, overMessage]] : []),
  );
  // The sale on a bad network (retries with the same key, offline, unknown fate): use-sale-submission.ts.
  const submission = useSaleSubmission({
    draft,
    setDraft,
    onSold: (answer) => {
      setRefused(new Map());
      setReceipt(answer);
    },
    onRefused: (error, sent) => {
      // Every problem of the ticket comes back at once: each line's beside it, the others above.
      const refusal = readRefusal(error.body, error.message);
      setSaleError({ message: error.message, network: false, refusal });
      setRefused(ticket.refusedLines(error.fields, sent));
      if (error.code === ERROR_CODE.TIRAGE_CLOSED || refusal.codes.includes(ERROR_CODE.TIRAGE_CLOSED)) refetch();
    },
  });
  const live = useLiveCheck(draft, !submission.busy);
  const blocker =
    submission.blocker ??
    (draft.lines.length === 0
      ? t('sell.needLine')
      : drawCount === 0
        ? t('sell.needDraw')
        : editingId !== null
          ? t('sell.finishEdit')
          : blocked.byLine.size > 0
            ? t('sell.blockedLines')
            : overMessage);

  const onSell = useCallback(() => {
    if (blocker || submission.busy) return;
    setSaleError(null);
    submission.submit();
  }, [blocker, submission]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !receipt) {
        event.preventDefault();
        void onSell();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onSell, receipt]);

  const onClear = async () => {
    if (
      draft.lines.length > 1 &&
      !(await confirm({ title: t('sell.clearTitle'), confirmText: t('sell.clear'), danger: true }))
    )
      return;
    // An unsettled sale is not forgotten by clearing: only the agent's confirmation drops it.
    setDraft((d) => ({ ...d, lines: [], pending: d.pending?.unsettled ? d.pending : null }));
    setRefused(new Map());
    setEditingId(null);
    setSaleError(null);
    inputRef.current?.focus();
  };

  const closeReceipt = () => {
    setReceipt(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  };

  const summary = (
    <SaleSummary
      perDraw={perDraw}
      drawCount={drawCount}
      total={total}
      freePerDraw={freePerDraw}
      currency={config.company.currency}
      ticketLimit={config.ticket_limit}
      blocker={blocker}
      pending={submission.busy}
      onSell={() => void onSell()}
      shortcut={finePointer}
      compact={!wide}
    />
  );

  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 340px' }, gap: { xs: 2, md: 3 } }}
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
        <DrawPicker
          draws={config.tirages}
          serverTime={config.server_time}
          selected={draft.tirages}
          offset={offset}
          timezone={config.company.timezone}
          onToggle={(id) => setDraft((d) => ticket.toggleTirage(d, id))}
          onClosed={refetch}
          expanded={drawsOpen}
          onExpandedChange={setDrawsOpen}
        />
        <HotNumbersStrip tirages={draft.tirages} drawNames={drawNames} currency={config.company.currency} />
        <BetEntry
          value={text}
          onChange={(v) => {
            setText(v);
            if (entryErrors.length) setEntryErrors([]);
          }}
          onSubmit={onEntry}
          errors={entryErrors}
          warning={blocked.typing}
          editing={editingId !== null}
          onCancelEdit={() => {
            setEditingId(null);
            setText('');
          }}
          inputRef={inputRef}
          onFocus={() => {
            if (!wide && draft.tirages.length > 0) setDrawsOpen(false);
          }}
        />
        <SaleSubmissionStatus submission={submission} currency={config.company.currency} />
        {saleError ? <SaleRefusalAlert error={saleError} onRetry={() => void onSell()} /> : null}
        <LiveCheckNotice problems={live.ticket} />
        <TicketLines
          check={live.byLine}
          drawNames={drawNames}
          lines={draft.lines}
          refused={shownRefused}
          editingId={editingId}
          currency={config.company.currency}
          onEdit={onEdit}
          onRemove={onRemove}
        />
        {draft.lines.length > 0 ? (
          <Button
            color="inherit"
            size="small"
            onClick={() => void onClear()}
            sx={{ alignSelf: 'flex-end', color: 'text.secondary' }}
          >
            {t('sell.clear')}
          </Button>
        ) : null}
      </Box>
      <Paper
        elevation={0}
        sx={(theme) => ({
          p: { xs: 1.5, md: 2 },
          border: `1px solid ${theme.palette.divider}`,
          position: 'sticky',
          zIndex: 2,
          bottom: { xs: `calc(${BOTTOM_NAV_HEIGHT}px + env(safe-area-inset-bottom) + 8px)`, md: 'auto' },
          top: { md: 128 },
          alignSelf: { md: 'start' },
          boxShadow: { xs: theme.shadows[8], md: 'none' },
        })}
      >
        {summary}
      </Paper>
      <ReceiptDialog
        fiche={receipt}
        fresh
        onClose={closeReceipt}
        closeLabel={t('sell.newSale')}
        notice={
          receipt?.replayed ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('sell.replayed')}
            </Alert>
          ) : undefined
        }
      />
    </Box>
  );
}

/** Messages per line from several sources, joined when a line has more than one. */
function joinMessages(...sources: ReadonlyMap<number, string>[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const source of sources) {
    for (const [id, message] of source) out.set(id, out.has(id) ? `${out.get(id)} ${message}` : message);
  }
  return out;
}
