import type { Tirage, TirageMode } from '@borlette/shared/contracts/tirages';
import BlockIcon from '@mui/icons-material/Block';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOpenOutlinedIcon from '@mui/icons-material/LockOpenOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import type { RowAction } from '../../../components/data-table';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { isApiError } from '../../../lib/api-client';
import { TIRAGE_PATHS, useBlockTirage, useDeleteTirage, useSetTirageMode } from '../api/tirages';

const MODE_ICON: Record<TirageMode, RowAction['icon']> = {
  auto: <ScheduleIcon fontSize="small" />,
  open: <PlayCircleOutlineIcon fontSize="small" />,
  closed: <LockOutlinedIcon fontSize="small" />,
};

/** The row menu of the draws list: edit, force open / closed / automatic, block, delete. */
export function useTirageActions({ canChange, canBlock }: { canChange: boolean; canBlock: boolean }) {
  const { t } = useTranslation(['tirages', 'components']);
  const navigate = useNavigate();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const setMode = useSetTirageMode();
  const block = useBlockTirage();
  const remove = useDeleteTirage();

  const onMode = async (r: Tirage, mode: TirageMode) => {
    // Forcing overrides the schedule: say what it does first. Back to automatic needs no warning.
    if (mode !== 'auto') {
      const ok = await confirm({
        title: t(`confirm.mode.${mode}Title`, { name: r.name }),
        message: t(`confirm.mode.${mode}Text`),
        confirmText: t(`actions.mode.${mode}`),
        danger: mode === 'closed',
      });
      if (!ok) return;
    }
    setMode.mutate({ tirage: r, mode });
  };

  const onBlock = async (r: Tirage) => {
    const blocked = r.status !== 'blocked';
    const ok = await confirm({
      title: t(blocked ? 'confirm.blockTitle' : 'confirm.unblockTitle', { name: r.name }),
      message: t(blocked ? 'confirm.blockText' : 'confirm.unblockText'),
      confirmText: t(blocked ? 'actions.block' : 'actions.unblock'),
      danger: blocked,
    });
    if (ok) block.mutate({ id: r.id, blocked });
  };

  const onDelete = async (r: Tirage) => {
    const ok = await confirm({
      title: t('confirm.deleteTitle', { name: r.name }),
      message: t('confirm.deleteText'),
      confirmText: t('actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: r.id, name: r.name });
    } catch (error) {
      // 409: tickets or results use it. Say so plainly and offer to block it instead.
      if (isApiError(error) && error.statusCode === 409) {
        if (canBlock && r.status !== 'blocked') {
          const again = await confirm({
            title: t('refused.title', { name: r.name }),
            message: error.message,
            confirmText: t('refused.block'),
          });
          if (again) block.mutate({ id: r.id, blocked: true });
        } else enqueueSnackbar(error.message, { variant: 'error', autoHideDuration: 8000 });
        return;
      }
      enqueueSnackbar(errorMessage(error, t('components:toast.failed')), { variant: 'error' });
    }
  };

  return (r: Tirage): RowAction[] => {
    const actions: RowAction[] = [];
    if (canChange) {
      actions.push({
        key: 'edit',
        label: 'tirages:actions.edit',
        icon: <EditOutlinedIcon fontSize="small" />,
        onClick: () => navigate(TIRAGE_PATHS.edit(r.id)),
      });
      for (const mode of ['open', 'closed', 'auto'] as const) {
        if (mode === r.mode) continue;
        actions.push({
          key: `mode-${mode}`,
          label: `tirages:actions.mode.${mode}`,
          icon: MODE_ICON[mode],
          color: mode === 'closed' ? 'warning' : undefined,
          onClick: () => void onMode(r, mode),
        });
      }
    }
    if (canBlock) {
      actions.push(
        r.status === 'blocked'
          ? {
              key: 'unblock',
              label: 'tirages:actions.unblock',
              icon: <LockOpenOutlinedIcon fontSize="small" />,
              onClick: () => void onBlock(r),
            }
          : {
              key: 'block',
              label: 'tirages:actions.block',
              icon: <BlockIcon fontSize="small" />,
              color: 'warning',
              onClick: () => void onBlock(r),
            },
      );
    }
    if (canChange) {
      actions.push({
        key: 'delete',
        label: 'tirages:actions.delete',
        icon: <DeleteOutlinedIcon fontSize="small" />,
        color: 'error',
        onClick: () => void onDelete(r),
      });
    }
    return actions;
  };
}
