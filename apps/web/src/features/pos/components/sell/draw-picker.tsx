import type { PosTirage } from '@borlette/shared/contracts/sale';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fTime } from '../../../../lib/format';
import { closedReason, formatCountdown, isForcedOpen, msUntilClose, sortDraws, URGENT_MS } from '../../lib/draws';
import { useNow } from '../use-now';

interface Props {
  draws: PosTirage[];
  /** When the server answered (forced-open draws are recognised against it). */
  serverTime: string;
  selected: number[];
  offset: number;
  timezone: string;
  onToggle: (id: number) => void;
  /** A draw's countdown reached zero: the config is read again. */
  onClosed: () => void;
  /** Folded: one line with the chosen draws (the agent types bets with the whole screen). */
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
}

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
  gap: 1,
} as const;

function Countdown({ ms }: { ms: number | null }) {
  const { t } = useTranslation('pos');
  if (ms === null)
    return (
      <Typography variant="caption" sx={{ color: 'success.main' }}>
        {t('sell.forcedOpen')}
      </Typography>
    );
  const urgent = ms < URGENT_MS;
  return (
    <Typography
      variant="caption"
      sx={{
        color: urgent ? 'warning.main' : 'text.secondary',
        fontVariantNumeric: 'tabular-nums',
        fontWeight: urgent ? 700 : 400,
      }}
    >
      {t('sell.closesIn', { time: formatCountdown(ms) })}
    </Typography>
  );
}

/** The draws as big toggles, open ones first with their countdown (server clock), closed ones folded away. */
export function DrawPicker({
  draws,
  serverTime,
  selected,
  offset,
  timezone,
  onToggle,
  onClosed,
  expanded,
  onExpandedChange,
}: Props) {
  const { t, i18n } = useTranslation('pos');
  const now = useNow(1000);
  const [showClosed, setShowClosed] = useState(false);
  const { open, closed } = sortDraws(draws, now, offset, serverTime);
  const chosen = open.filter((d) => selected.includes(d.id));
  const justClosed = draws.some((d) => d.is_open && !isForcedOpen(d, serverTime) && msUntilClose(d, now, offset) <= 0);

  useEffect(() => {
    if (justClosed) onClosed();
  }, [justClosed, onClosed]);

  const reasonText = (d: PosTirage) => {
    const reason = closedReason(d);
    const at = (iso: string) => fTime(iso, { timeZone: timezone, language: i18n.language }).slice(0, 5);
    return t(`reasons.${reason}`, { time: at(reason === 'not_open' ? d.opens_at : d.closes_at) });
  };

  return (
    <Box component="section" aria-labelledby="pos-draws-title">
      <Stack direction="row" sx={{ alignItems: 'center', minHeight: 40 }}>
        <Typography
          id="pos-draws-title"
          variant="overline"
          component="h2"
          sx={{ color: 'text.secondary', flexGrow: 1 }}
        >
          {t('sell.drawsChosen', { count: chosen.length })}
        </Typography>
        {open.length > 0 ? (
          <Button
            size="small"
            onClick={() => onExpandedChange(!expanded)}
            endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            aria-expanded={expanded}
            aria-controls="pos-draw-grid"
            sx={{ minHeight: 40 }}
          >
            {expanded ? t('sell.foldDraws') : t('sell.changeDraws')}
          </Button>
        ) : null}
      </Stack>
      {!expanded && open.length > 0 ? (
        <ButtonBase
          onClick={() => onExpandedChange(true)}
          sx={(theme) => ({
            width: 1,
            justifyContent: 'flex-start',
            textAlign: 'left',
            p: 1.25,
            borderRadius: 1.5,
            border: `2px solid ${chosen.length ? theme.palette.primary.main : theme.palette.warning.main}`,
            bgcolor: chosen.length ? alpha(theme.palette.primary.main, 0.08) : alpha(theme.palette.warning.main, 0.08),
          })}
        >
          {chosen.length === 0 ? (
            <Typography variant="subtitle2" sx={{ color: 'warning.dark' }}>
              {t('sell.pickDraw')}
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.25 }}>
              {chosen.map((d) => (
                <Box key={d.id} sx={{ display: 'flex', alignItems: 'baseline', gap: 0.75 }}>
                  <Typography variant="subtitle2" sx={{ color: 'primary.main' }}>
                    {d.name}
                  </Typography>
                  <Countdown ms={isForcedOpen(d, serverTime) ? null : msUntilClose(d, now, offset)} />
                </Box>
              ))}
            </Box>
          )}
        </ButtonBase>
      ) : null}
      {open.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }}>
          {t('sell.noOpenDraw')}
        </Typography>
      ) : null}
      <Collapse in={expanded || open.length === 0} id="pos-draw-grid">
        <Box sx={grid} role="group" aria-label={t('sell.draws')}>
          {open.map((d) => {
            const on = selected.includes(d.id);
            return (
              <ButtonBase
                key={d.id}
                role="checkbox"
                aria-checked={on}
                onClick={() => onToggle(d.id)}
                sx={(theme) => ({
                  minHeight: 52,
                  px: 1.25,
                  py: 0.75,
                  borderRadius: 1.5,
                  justifyContent: 'flex-start',
                  textAlign: 'left',
                  gap: 0.75,
                  border: `2px solid ${on ? theme.palette.primary.main : alpha(theme.palette.grey[500], 0.24)}`,
                  bgcolor: on ? alpha(theme.palette.primary.main, 0.12) : 'background.paper',
                  '&.Mui-focusVisible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
                })}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography
                    variant="subtitle2"
                    noWrap
                    sx={{ color: on ? 'primary.main' : 'text.primary', lineHeight: 1.3 }}
                  >
                    {d.name}
                  </Typography>
                  <Countdown ms={isForcedOpen(d, serverTime) ? null : msUntilClose(d, now, offset)} />
                </Box>
                {on ? <CheckCircleIcon color="primary" fontSize="small" aria-hidden="true" /> : null}
              </ButtonBase>
            );
          })}
        </Box>
        {closed.length > 0 ? (
          <>
            <Button
              size="small"
              color="inherit"
              onClick={() => setShowClosed((v) => !v)}
              endIcon={showClosed ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              aria-expanded={showClosed}
              sx={{ mt: 0.5, color: 'text.secondary' }}
            >
              {t('sell.closedDraws', { count: closed.length })}
            </Button>
            <Collapse in={showClosed} unmountOnExit>
              <Box sx={{ ...grid, mt: 0.5 }}>
                {closed.map((d) => (
                  <Box
                    key={d.id}
                    aria-disabled="true"
                    sx={(theme) => ({
                      px: 1.25,
                      py: 0.75,
                      borderRadius: 1.5,
                      border: `1px dashed ${alpha(theme.palette.grey[500], 0.32)}`,
                    })}
                  >
                    <Typography variant="subtitle2" noWrap sx={{ color: 'text.disabled' }}>
                      {d.name}
                    </Typography>
                    <Typography variant="caption" sx={{ color: 'text.disabled' }}>
                      {reasonText(d)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </Collapse>
          </>
        ) : null}
      </Collapse>
    </Box>
  );
}
