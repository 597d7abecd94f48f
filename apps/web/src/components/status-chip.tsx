import type { RecordStatus } from '@borlette/shared/contracts/list';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

const COLOR: Record<RecordStatus, 'success' | 'error' | 'grey'> = {
  active: 'success',
  blocked: 'error',
  archived: 'grey',
};

/**
 * The status of a person or a place: 'Actif' (green), 'Bloqué' (red), 'Archivé' (grey). Soft
 * colours with a dark text in light mode and a light text in dark mode, so both stay readable.
 *
 *   <StatusChip status={row.status} />          // Actif, Bloqué, Archivé
 *   <StatusChip status={row.status} female />   // Active, Bloquée, Archivée
 */
export function StatusChip({
  status,
  female = false,
  size = 'small',
  sx,
}: {
  status: RecordStatus;
  /** French agreement with a feminine noun (une succursale : « Active », « Bloquée », « Archivée »). */
  female?: boolean;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}) {
  const { t } = useTranslation('components');
  const color = COLOR[status] ?? 'grey';
  return (
    <Chip
      size={size}
      label={t(`status.${status}`, { context: female ? 'female' : undefined, defaultValue: status })}
      sx={[
        (theme) => {
          const light = theme.palette.mode === 'light';
          const main = color === 'grey' ? theme.palette.grey[500] : theme.palette[color].main;
          const text =
            color === 'grey'
              ? theme.palette.grey[light ? 700 : 400]
              : light
                ? theme.palette[color].dark
                : theme.palette[color].light;
          return { color: text, bgcolor: alpha(main, 0.16), borderRadius: 1, fontWeight: 700 };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
