import type { FicheSummary } from '@borlette/shared/contracts/fiches';
import BlockIcon from '@mui/icons-material/Block';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FicheStatusChip } from '../../../../components/fiche-status-chip';
import { formatMoney, fTime } from '../../../../lib/format';
import { cancelDeadline } from '../../lib/fiche-rules';

interface Props {
  row: FicheSummary;
  currency: string;
  timezone: string | null;
  opening: boolean;
  cancellable: boolean;
  cancelling: boolean;
  reprinting: boolean;
  windowMinutes: number;
  onOpen: () => void;
  onReprint: () => void;
  onCancel: () => void;
  /** « Rejouer »: a new sale with this ticket's bets (absent: not offered). */
  onReplay?: () => void;
  replaying?: boolean;
}

/** One ticket of the day: number, time, draws, total, status; open (to see / reprint) and cancel. */
export function FicheRowItem({
  row,
  currency,
  timezone,
  opening,
  cancellable,
  cancelling,
  reprinting,
  windowMinutes,
  onOpen,
  onReprint,
  onCancel,
  onReplay,
  replaying = false,
}: Props) {
  const { t, i18n } = useTranslation('pos');
  const time = (iso: string) => fTime(iso, { timeZone: timezone, language: i18n.language }).slice(0, 5);
  return (
    <Card component="li" sx={{ overflow: 'hidden' }}>
      <ButtonBase
        onClick={onOpen}
        aria-label={t('fiches.open', { number: row.number })}
        sx={{ display: 'block', width: 1, textAlign: 'left', p: 1.5 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums', fontSize: 17 }}>
            {t('fiches.number', { number: row.number })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {time(row.sold_at)}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          {opening ? <CircularProgress size={18} /> : <FicheStatusChip status={row.status} />}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', mt: 0.5 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1, minWidth: 0 }} noWrap>
            {row.draws.map((d) => d.name).join(' · ')}
          </Typography>
          <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatMoney(row.amount, currency, i18n.language)}
          </Typography>
        </Stack>
        {row.win_amount > 0 ? (
          <Typography variant="caption" sx={{ color: 'success.main', fontWeight: 700 }}>
            {t('fiches.won', { amount: formatMoney(row.win_amount, currency, i18n.language) })}
          </Typography>
        ) : null}
      </ButtonBase>
      {/* The buttons keep their words whole: on a narrow phone the deadline (or a button) goes to a new line. */}
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ px: 1.5, pb: 1.25, alignItems: 'center', flexWrap: 'wrap', '& > .MuiButton-root': { flexShrink: 0 } }}
      >
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          startIcon={<PrintOutlinedIcon />}
          onClick={onReprint}
          loading={reprinting}
          sx={{ minHeight: 40 }}
        >
          {t('fiches.reprint')}
        </Button>
        {onReplay ? (
          <Button
            size="small"
            variant="outlined"
            color="inherit"
            startIcon={<ReplayIcon />}
            onClick={onReplay}
            loading={replaying}
            aria-label={t('replay.actionFor', { number: row.number })}
            sx={{ minHeight: 40 }}
          >
            {t('replay.action')}
          </Button>
        ) : null}
        {cancellable ? (
          <>
            <Button
              size="small"
              variant="outlined"
              color="error"
              startIcon={<BlockIcon />}
              onClick={onCancel}
              loading={cancelling}
              sx={{ minHeight: 40 }}
            >
              {t('fiches.cancel')}
            </Button>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t('fiches.cancelUntil', { time: time(new Date(cancelDeadline(row, windowMinutes)).toISOString()) })}
            </Typography>
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
