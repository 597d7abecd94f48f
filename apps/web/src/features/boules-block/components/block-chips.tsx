import Chip from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { BlockKind } from '../numbers';

/** « Bloqué » (red) or « Levé » (grey), readable in light and dark mode. */
export function BlockStateChip({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation('boulesBlock');
  return (
    <Chip
      size="small"
      label={t(blocked ? 'state.blocked' : 'state.lifted')}
      sx={(theme) => {
        const light = theme.palette.mode === 'light';
        const main = blocked ? theme.palette.error.main : theme.palette.grey[500];
        const text = blocked
          ? light
            ? theme.palette.error.dark
            : theme.palette.error.light
          : theme.palette.grey[light ? 700 : 400];
        return { color: text, bgcolor: alpha(main, 0.16), borderRadius: 1, fontWeight: 700 };
      }}
    />
  );
}

/** What the number covers: « Boule + mariages », « Mariage », « Loto 3 »… */
export function BlockKindChip({ kind }: { kind: BlockKind }) {
  const { t } = useTranslation('boulesBlock');
  return <Chip size="small" variant="outlined" label={t(`kind.${kind}`)} />;
}
