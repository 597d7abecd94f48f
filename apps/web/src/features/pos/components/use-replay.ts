import type { FicheView } from '@borlette/shared/contracts/fiches';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/confirm-dialog';
import { usePosConfig } from '../api/pos-api';
import { usePosUser } from '../api/pos-session';
import { clockOffset, isOpenNow } from '../lib/draws';
import { replayDraft } from '../lib/replay';
import { replaceDraft, storedDraft } from './sell/use-draft';

/**
 * « Rejouer » (issue 18): one of my tickets becomes a new sale in the sale tab, its bets prefilled on its
 * draws that sell now (none otherwise, and we say so). It sells nothing by itself. A ticket being typed
 * is replaced only once the agent agrees. Offered only to an agent who may sell.
 */
export function useReplay() {
  const { t } = useTranslation('pos');
  const user = usePosUser();
  const { data: config } = usePosConfig();
  const confirm = useConfirm();
  const { enqueueSnackbar } = useSnackbar();
  const [, setParams] = useSearchParams();
  const allowed = user.perms.some((p) => p.codename === 'pos_sell');

  const replay = async (fiche: FicheView): Promise<boolean> => {
    if (!config) return false;
    const offset = clockOffset(config.server_time, config.receivedAt);
    const open = new Set(
      config.tirages.filter((d) => isOpenNow(d, Date.now(), offset, config.server_time)).map((d) => d.id),
    );
    const { draft, closed } = replayDraft(fiche, open);
    if (draft.lines.length === 0) {
      enqueueSnackbar(t('replay.empty'), { variant: 'warning' });
      return false;
    }
    if (
      storedDraft(user.id).lines.length > 0 &&
      !(await confirm({
        title: t('replay.replaceTitle'),
        message: t('replay.replaceText', { number: fiche.number }),
        confirmText: t('replay.replace'),
      }))
    )
      return false;
    replaceDraft(user.id, draft);
    // The sale tab is the first one for an agent who may sell (pos-app.tsx).
    setParams({}, { replace: true });
    enqueueSnackbar(t('replay.done', { number: fiche.number, count: draft.lines.length }), { variant: 'success' });
    if (draft.tirages.length === 0) enqueueSnackbar(t('replay.noDraw'), { variant: 'warning' });
    else if (closed.length > 0)
      enqueueSnackbar(t('replay.someDraws', { names: closed.join(', ') }), { variant: 'info' });
    return true;
  };
  return { allowed: allowed && !!config, replay };
}
