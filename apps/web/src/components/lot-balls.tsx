import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

export type BallTone = 'lot1' | 'lot2' | 'lot3' | 'loto' | 'empty';

const PALETTE: Record<Exclude<BallTone, 'empty' | 'loto'>, 'primary' | 'info' | 'warning'> = {
  lot1: 'primary',
  lot2: 'info',
  lot3: 'warning',
};

/** Soft fill with a dark text in light mode and a light text in dark mode (as the status chips). */
function toneColors(theme: Theme, tone: BallTone) {
  const light = theme.palette.mode === 'light';
  if (tone === 'empty')
    return { color: theme.palette.text.disabled, bgcolor: 'transparent', border: theme.palette.divider };
  if (tone === 'loto') {
    const main = theme.palette.grey[500];
    return { color: theme.palette.text.primary, bgcolor: alpha(main, 0.16), border: alpha(main, 0.32) };
  }
  const p = theme.palette[PALETTE[tone]];
  return { color: light ? p.dark : p.light, bgcolor: alpha(p.main, 0.16), border: alpha(p.main, 0.4) };
}

/** A drawn number as a ball (2 digits) or a pill (3 digits and more). */
export function Ball({
  value,
  tone,
  size = 'small',
  title,
}: {
  value: string;
  tone: BallTone;
  size?: 'small' | 'medium';
  title?: string;
}) {
  const d = size === 'small' ? 28 : 40;
  return (
    <Box
      component="span"
      title={title}
      sx={(theme) => {
        const c = toneColors(theme, tone);
        return {
          minWidth: d,
          height: d,
          px: value.length > 2 ? (size === 'small' ? 0.75 : 1.25) : 0,
          borderRadius: d / 2,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          flexShrink: 0,
          fontWeight: 700,
          fontSize: size === 'small' ? 13 : 17,
          lineHeight: 1,
          fontVariantNumeric: 'tabular-nums',
          letterSpacing: 0.5,
          color: c.color,
          bgcolor: c.bgcolor,
          border: `1px ${tone === 'empty' ? 'dashed' : 'solid'} ${c.border}`,
        };
      }}
    >
      {value}
    </Box>
  );
}

export interface LotValues {
  lot1: string;
  lot2: string;
  lot3: string;
  loto3?: string;
}

/** The three lots of a result (and the loto 3 when asked), e.g. in a table cell. */
export function LotBalls({ lots, withLoto3 = false }: { lots: LotValues; withLoto3?: boolean }) {
  const { t } = useTranslation('infoTirage');
  const label = t('lots.aria', { lot1: lots.lot1, lot2: lots.lot2, lot3: lots.lot3 });
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center', whiteSpace: 'nowrap' }}
    >
      <Ball value={lots.lot1} tone="lot1" title={t('lots.lot1')} />
      <Ball value={lots.lot2} tone="lot2" title={t('lots.lot2')} />
      <Ball value={lots.lot3} tone="lot3" title={t('lots.lot3')} />
      {withLoto3 && lots.loto3 ? <Ball value={lots.loto3} tone="loto" title={t('lots.loto3')} /> : null}
    </Box>
  );
}
