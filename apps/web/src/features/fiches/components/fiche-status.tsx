import type { FicheStatus } from '@borlette/shared/contracts/fiches';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import type { ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { ToneChip } from '../../../components/tone-chip';
import { statusTone } from '../lib/fiche-status';

/** En attente, Gagnant, Perdant, Payé, Annulé, Supprimé. */
export function FicheStatusChip({ status, size }: { status: FicheStatus | string; size?: ChipProps['size'] }) {
  const { t } = useTranslation('fiches');
  return <ToneChip tone={statusTone(status)} size={size} label={t(`status.${status}`, { defaultValue: status })} />;
}

/** « Bloquée »: the ticket cannot be paid. */
export function BlockedBadge({ size }: { size?: ChipProps['size'] }) {
  const { t } = useTranslation('fiches');
  return <ToneChip tone="error" size={size} icon={<LockOutlinedIcon />} label={t('blocked')} />;
}

export function StatusCell({ status, blocked }: { status: FicheStatus; blocked: boolean }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
      <FicheStatusChip status={status} />
      {blocked ? <BlockedBadge /> : null}
    </Box>
  );
}
