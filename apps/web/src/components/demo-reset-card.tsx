import { type DemoResetAnswer, demoEndpoints } from '@borlette/shared/contracts/demo';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../lib/api-client';
import { useUser } from '../lib/session/use-session';
import { useConfirm } from './confirm-dialog';
import { useMutationWithToast } from './use-mutation-with-toast';

/** The demo company's code (apps/server db/seed/demo.ts): only the seed creates it. */
const DEMO_REF_CODE = 'DEMO';

/**
 * For the admin of the demo company only: « Tirage Démo » takes one result a day, then stops selling;
 * this puts the demo back to its first morning (`demoEndpoints.reset`), after a confirmation.
 */
export function DemoResetCard() {
  const user = useUser();
  // Others never load the « demo » strings (a namespace fetched on first use).
  return user.role === 'company' && user.company?.ref_code === DEMO_REF_CODE ? <DemoReset /> : null;
}

function DemoReset() {
  const { t } = useTranslation('demo');
  const confirm = useConfirm();
  const client = useQueryClient();
  const reset = useMutationWithToast<DemoResetAnswer>({
    mutationFn: () => call(demoEndpoints.reset),
    successMessage: (r) => t('done', { removed: r.tickets_removed, sold: r.tickets_sold }),
    // Every list and figure of the company changed.
    onSuccess: () => client.invalidateQueries(),
  });
  const onReset = async () => {
    const ok = await confirm({
      title: t('confirmTitle'),
      message: t('confirmText'),
      confirmText: t('confirmButton'),
      danger: true,
    });
    if (ok) reset.mutate();
  };

  // The button under the text, not in the alert's action slot: on a phone that slot squeezes the text.
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      <AlertTitle>{t('title')}</AlertTitle>
      {t('text')}
      <Box sx={{ mt: 1.5 }}>
        <Button
          color="inherit"
          variant="outlined"
          size="small"
          startIcon={<RestartAltIcon />}
          onClick={() => void onReset()}
          disabled={reset.isPending}
        >
          {t('button')}
        </Button>
      </Box>
    </Alert>
  );
}
