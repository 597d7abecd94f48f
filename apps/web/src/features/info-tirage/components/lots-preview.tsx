import type { Lots } from '@borlette/shared/game/lots';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Ball, type BallTone } from '../../../components/lot-balls';
import { type OptionPreview, previewLots } from './lots-rules';

function Slot({ value, tone, label, blank }: { value: string | null; tone: BallTone; label: string; blank: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.75, minWidth: 56 }}>
      <Ball value={value ?? blank} tone={value ? tone : 'empty'} size="medium" />
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
    </Box>
  );
}

/**
 * Live preview of the lots while Pick 3 and Pick 4 are typed (docs/domain.md: lot1 = last 2 digits of
 * Pick 3, lot2 / lot3 = first / last 2 of Pick 4, loto 3 = Pick 3), and the loto options if known.
 */
export function LotsPreview({
  pick3,
  pick4,
  options,
}: {
  pick3: string;
  pick4: string;
  /** Builds the loto 4 / 5 option numbers from complete lots (the company's options). */
  options?: (lots: Lots) => OptionPreview[];
}) {
  const { t } = useTranslation('infoTirage');
  const p = previewLots(pick3 ?? '', pick4 ?? '');
  const optionList = p.lots && options ? options(p.lots) : [];
  return (
    <Box
      aria-live="polite"
      sx={(theme) => ({
        p: 2,
        borderRadius: 1.5,
        border: `1px dashed ${theme.palette.divider}`,
        bgcolor: 'background.neutral',
      })}
    >
      <Typography variant="subtitle2" sx={{ mb: 1.5 }}>
        {t('preview.title')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 } }}>
        <Slot value={p.lot1} tone="lot1" label={t('lots.lot1')} blank="–" />
        <Slot value={p.lot2} tone="lot2" label={t('lots.lot2')} blank="–" />
        <Slot value={p.lot3} tone="lot3" label={t('lots.lot3')} blank="–" />
        <Slot value={p.loto3} tone="loto" label={t('lots.loto3')} blank="–" />
      </Box>
      {optionList.length ? (
        <Box sx={{ mt: 2, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {optionList.map((o) => (
            <Box
              key={o.code}
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, typography: 'caption' }}
              title={o.label}
            >
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('preview.option', { game: String(o.code)[0], option: String(o.code)[1] })}
              </Box>
              <Ball value={o.number} tone="loto" />
            </Box>
          ))}
        </Box>
      ) : null}
      {!p.complete ? (
        <Typography variant="caption" sx={{ display: 'block', mt: 1.5, color: 'text.secondary' }}>
          {t('preview.hint')}
        </Typography>
      ) : null}
    </Box>
  );
}
