import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { ParsedNumber } from '../numbers';

/** The numbers read from the text, each with what it blocks (or why it is refused). */
export function NumbersPreview({ parsed }: { parsed: ParsedNumber[] }) {
  const { t } = useTranslation('boulesBlock');
  if (!parsed.length) return null;
  return (
    <Box
      component="ul"
      aria-label={t('preview.label')}
      sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {parsed.map((n, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the same text can be typed twice
        <Box component="li" key={i}>
          <Chip
            size="small"
            color={n.problem && n.problem !== 'duplicate' ? 'error' : n.problem ? 'default' : 'primary'}
            variant={n.problem ? 'outlined' : 'filled'}
            label={
              <>
                <Box component="span" sx={{ fontFamily: 'monospace', fontWeight: 700, letterSpacing: 1 }}>
                  {n.value ?? n.raw}
                </Box>
                {' · '}
                {n.problem ? t(`preview.${n.problem}`) : t(`kind.${n.kind}`)}
              </>
            }
          />
        </Box>
      ))}
    </Box>
  );
}
