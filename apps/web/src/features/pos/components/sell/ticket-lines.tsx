import { ERROR_CODE } from '@borlette/shared/error-codes';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../lib/format';
import type { DraftLine } from '../../lib/ticket';
import type { LineCheck } from './use-live-check';

interface Props {
  lines: DraftLine[];
  refused: Map<number, string>;
  editingId: number | null;
  currency: string;
  onEdit: (id: number) => void;
  onRemove: (id: number) => void;
  /** The live check (use-live-check.ts): what the sale would refuse, or what remains, per line. */
  check?: Map<number, LineCheck>;
  /** Draw names, to say on which draw a limit leaves what. */
  drawNames?: Map<number, string>;
}

/** The bets typed so far: game, number, stake; edit (back into the input) or remove; refused ones in red. */
export function TicketLines({ lines, refused, editingId, currency, onEdit, onRemove, check, drawNames }: Props) {
  const { t, i18n } = useTranslation(['pos', 'ficheView']);
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  if (lines.length === 0) {
    return (
      <Box
        sx={(theme) => ({
          p: 2,
          borderRadius: 1.5,
          border: `1px dashed ${alpha(theme.palette.grey[500], 0.32)}`,
          color: 'text.secondary',
          textAlign: 'center',
        })}
      >
        <Typography variant="body2">{t('sell.empty')}</Typography>
        <Typography variant="caption" component="p" sx={{ mt: 0.5, fontFamily: 'monospace' }}>
          {t('sell.examples')}
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="ol" aria-label={t('sell.lines')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((line, i) => {
        const known = refused.get(line.id);
        const checked = check?.get(line.id);
        // The check's problems the POS does not already say (blocked balls are flagged as typed, in the
        // agent's language; a refusal of the sale says the same as the check).
        const extra = (checked?.problems ?? [])
          .filter((p) => !(known && (p.code === ERROR_CODE.BOULE_BLOCKED || known.includes(p.message))))
          .map((p) => p.message);
        const messages = [known, ...extra].filter((m): m is string => !!m);
        const problem = messages.length > 0;
        const remaining = problem ? [] : (checked?.remaining ?? []);
        const editing = editingId === line.id;
        return (
          <Box
            component="li"
            key={line.id}
            sx={(theme) => ({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              gap: 1,
              pl: 1.5,
              pr: 0.5,
              py: 0.5,
              mb: 0.75,
              borderRadius: 1.5,
              border: `1px solid ${problem ? theme.palette.error.main : editing ? theme.palette.success.main : alpha(theme.palette.grey[500], 0.2)}`,
              bgcolor: problem
                ? alpha(theme.palette.error.main, 0.08)
                : editing
                  ? alpha(theme.palette.success.main, 0.08)
                  : 'background.paper',
            })}
          >
            <Typography variant="caption" sx={{ color: 'text.disabled', width: 18, textAlign: 'right', flexShrink: 0 }}>
              {i + 1}
            </Typography>
            <Box sx={{ flex: '1 1 0', minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 700, fontSize: 20, fontVariantNumeric: 'tabular-nums' }}>
                  {line.bet.number}
                </Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t(`ficheView:games.${line.bet.code}`)}
                </Typography>
              </Box>
            </Box>
            <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatMoney(line.bet.stake, currency, i18n.language)}
            </Typography>
            <IconButton
              aria-label={t('sell.editLine', { n: i + 1 })}
              onClick={() => onEdit(line.id)}
              sx={{ width: 44, height: 44 }}
            >
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={t('sell.removeLine', { n: i + 1 })}
              onClick={() => onRemove(line.id)}
              sx={{ width: 44, height: 44, color: 'error.main' }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
            {problem ? (
              // The whole width under the bet: several problems of one line stay readable on a phone.
              <Typography
                variant="caption"
                role="alert"
                sx={{ color: 'error.main', flexBasis: '100%', pl: 3.25, pr: 1, pb: 0.5, mt: -0.5 }}
              >
                {messages.map((m) => (
                  // One message a line: the engine's messages end without a full stop.
                  <Box component="span" key={m} sx={{ display: 'block' }}>
                    {m}
                  </Box>
                ))}
              </Typography>
            ) : remaining.length > 0 ? (
              <Typography
                variant="caption"
                data-testid="line-remaining"
                sx={{ color: 'text.secondary', flexBasis: '100%', pl: 3.25, pr: 1, pb: 0.5, mt: -0.5 }}
              >
                {remaining.length === checked?.draws && new Set(remaining.map((r) => r.amount)).size === 1
                  ? // The same on every draw of the ticket (or its only one): said once.
                    t('sell.remaining', { amount: money(remaining[0].amount) })
                  : remaining
                      .map((r) =>
                        t('sell.remainingOn', { draw: drawNames?.get(r.tirageId) ?? '', amount: money(r.amount) }),
                      )
                      .join(' · ')}
              </Typography>
            ) : null}
          </Box>
        );
      })}
    </Box>
  );
}
