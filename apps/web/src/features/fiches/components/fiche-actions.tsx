import { type FicheDetail, ficheEndpoints } from '@borlette/shared/contracts/fiches';
import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import RestoreOutlinedIcon from '@mui/icons-material/RestoreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { can, companyChosen } from '../../../lib/authorization';
import { useUser } from '../../../lib/session/use-session';
import { useFicheAction } from '../api/fiches';
import { type ActionRights, availableActions, type FicheActionKind } from '../lib/fiche-status';
import { DeleteReasonDialog } from './delete-reason-dialog';
import { FichePayAction, useCanPayAtOffice } from './fiche-pay-action';

const LOOK: Record<FicheActionKind, { icon: ReactNode; color: 'error' | 'warning' | 'primary' | 'inherit' }> = {
  block: { icon: <BlockOutlinedIcon />, color: 'warning' },
  unblock: { icon: <LockOpenOutlinedIcon />, color: 'inherit' },
  reactivate: { icon: <RestoreOutlinedIcon />, color: 'primary' },
  delete: { icon: <DeleteOutlinedIcon />, color: 'error' },
};

/** The user's rights on tickets: codenames, and no write at all for the superuser reading « Toutes ». */
export function useFicheRights(): ActionRights {
  const user = useUser();
  return {
    canWrite: companyChosen(user),
    delete: can(user, ficheEndpoints.action, 'delete_fiche'),
    reactivate: can(user, ficheEndpoints.action, 'reactivate_fiche'),
    block: can(user, ficheEndpoints.action, 'block_fiche'),
  };
}

/**
 * Supprimer (with a reason), réactiver, bloquer / débloquer, each confirmed. The server decides in the
 * end (too late, limits no longer allow…): its French refusal stays on screen until dismissed.
 */
export function FicheActions({ fiche }: { fiche: FicheDetail }) {
  const { t } = useTranslation('fiches');
  const rights = useFicheRights();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const mutation = useFicheAction();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const actions = availableActions(fiche, rights);
  const payable = useCanPayAtOffice(fiche);
  const n = { number: fiche.number };

  const run = async (action: FicheActionKind, reason?: string) => {
    setRefusal(null);
    await mutation.mutateAsync({ id: fiche.id, action, reason });
    enqueueSnackbar(t(`actions.${action}.done`, n), { variant: 'success' });
  };

  const onClick = async (action: FicheActionKind) => {
    if (action === 'delete') return setDeleting(true);
    const ok = await confirm({
      title: t(`actions.${action}.title`, n),
      message: t(`actions.${action}.message`),
      confirmText: t(`actions.${action}.confirm`),
      danger: action === 'block',
    });
    if (!ok) return;
    try {
      await run(action);
    } catch (error) {
      setRefusal(errorMessage(error, t('actions.failed')));
    }
  };

  if (!rights.canWrite)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('drawer.readOnly')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {refusal ? (
        <Alert severity="error" onClose={() => setRefusal(null)} role="alert">
          {refusal}
        </Alert>
      ) : null}
      {actions.length || payable ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {payable ? <FichePayAction fiche={fiche} onRefused={setRefusal} /> : null}
          {actions.map((a) => (
            <Button
              key={a}
              variant={a === 'delete' || a === 'reactivate' ? 'contained' : 'outlined'}
              color={LOOK[a].color}
              startIcon={LOOK[a].icon}
              disabled={mutation.isPending}
              loading={mutation.isPending && mutation.variables?.action === a}
              onClick={() => void onClick(a)}
            >
              {t(`actions.${a}.button`)}
            </Button>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('drawer.noActions')}
        </Typography>
      )}
      <DeleteReasonDialog
        open={deleting}
        number={fiche.number}
        onClose={() => setDeleting(false)}
        onSubmit={(reason) => run('delete', reason)}
      />
    </Box>
  );
}
