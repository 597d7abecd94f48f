import type { FicheStatus } from '@borlette/shared/contracts/fiches';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

type Tone = 'info' | 'success' | 'error' | 'grey' | 'warning';

export const STATUS_TONE: Record<FicheStatus, Tone> = {
  en_attente: 'info',
  gagnant: 'success',
  perdant: 'grey',
  paye: 'warning',
  annule: 'error',
  supprime: 'error',
};

/** En attente, Gagnant, Perdant, Payé, Annulé, Supprimé: soft colours readable in light and dark mode. */
export function FicheStatusChip({
  status,
  size = 'small',
  sx,
}: {
  status: FicheStatus;
  size?: ChipProps['size'];
  sx?: ChipProps['sx'];
}) {
  const { t } = useTranslation('ficheView');
  const tone = STATUS_TONE[status] ?? 'grey';
  return (
    <Chip
      size={size}
      label={t(`status.${status}`, { defaultValue: status })}
      sx={[
        (theme) => {
          const light = theme.palette.mode === 'light';
          const main = tone === 'grey' ? theme.palette.grey[500] : theme.palette[tone].main;
          const text =
            tone === 'grey'
              ? theme.palette.grey[light ? 700 : 400]
              : light
                ? theme.palette[tone].dark
                : theme.palette[tone].light;
          return { color: text, bgcolor: alpha(main, 0.16), borderRadius: 1, fontWeight: 700 };
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
