import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format';

interface Props {
  perDraw: number;
  drawCount: number;
  total: number;
  freePerDraw: number;
  currency: string;
  ticketLimit: number | null;
  /** Why « Vendre » is not possible yet (null = it is). */
  blocker: string | null;
  pending: boolean;
  onSell: () => void;
  /** Desktop: show the Ctrl+Enter shortcut. */
  shortcut: boolean;
  /** Phone: one row (total left, « Vendre » right) that stays above the tab bar. */
  compact: boolean;
}

/** Total = stakes × draws, the free mariages the ticket earns, and the big « Vendre » button. */
export function SaleSummary(props: Props) {
  const { perDraw, drawCount, total, freePerDraw, currency, ticketLimit, blocker, pending, onSell, shortcut, compact } =
    props;
  const { t, i18n } = useTranslation('pos');
  const money = (v: number) => formatMoney(v, currency, i18n.language);
  const overLimit = ticketLimit !== null && ticketLimit > 0 && total > ticketLimit;

  const notes = (
    <>
      {freePerDraw > 0 && drawCount > 0 ? (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'success.main' }}>
          <CardGiftcardOutlinedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
          <Typography variant="caption" sx={{ fontWeight: 600 }}>
            {t('sell.freeMariages', { count: freePerDraw })}
          </Typography>
        </Stack>
      ) : null}
      {overLimit ? (
        <Typography variant="caption" sx={{ color: 'warning.main', display: 'block' }}>
          {t('sell.overLimit', { limit: money(ticketLimit) })}
        </Typography>
      ) : null}
    </>
  );

  const button = (
    <Button
      fullWidth={!compact}
      size="large"
      variant="contained"
      disabled={!!blocker}
      loading={pending}
      onClick={onSell}
      sx={{ minHeight: 52, fontSize: 17, px: compact ? 3 : undefined, flexShrink: 0 }}
      aria-keyshortcuts={shortcut ? 'Control+Enter' : undefined}
      aria-describedby="pos-sale-blocker"
    >
      {t('sell.sell')}
    </Button>
  );

  const total$ = (
    <Typography
      variant={compact ? 'h6' : 'h5'}
      component="p"
      aria-live="polite"
      aria-label={t('sell.totalLabel', { amount: money(total) })}
      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', lineHeight: 1.2 }}
    >
      {money(total)}
    </Typography>
  );
  const perDraw$ = (
    <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>
      {t('sell.perDraw', { amount: money(perDraw), count: drawCount })}
    </Typography>
  );
  const blocker$ = (
    <Typography
      id="pos-sale-blocker"
      variant="caption"
      sx={{
        color: blocker ? 'text.secondary' : 'text.disabled',
        display: 'block',
        textAlign: compact ? 'left' : 'center',
      }}
    >
      {blocker ?? (shortcut ? t('sell.shortcut') : '')}
    </Typography>
  );

  if (compact)
    return (
      <Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            {total$}
            {perDraw$}
          </Box>
          {button}
        </Stack>
        {notes}
        {blocker ? blocker$ : null}
      </Box>
    );
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        {perDraw$}
        {total$}
      </Stack>
      {notes}
      <Box sx={{ mt: 1 }}>{button}</Box>
      <Box sx={{ mt: 0.5 }}>{blocker$}</Box>
    </Box>
  );
}
