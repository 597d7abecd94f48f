import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  /** Label of the confirm button (default 'Confirmer'). */
  confirmText?: ReactNode;
  /** Label of the cancel button (default 'Annuler'). */
  cancelText?: ReactNode;
  /** Destructive action: red confirm button. */
  danger?: boolean;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/**
 * Promise-style confirmation, provided once by the dashboard layout:
 *
 *   const confirm = useConfirm();
 *   if (await confirm({ title: 'Supprimer ?', message: '…', confirmText: 'Supprimer', danger: true })) …
 *
 * Resolves true on confirm, false on cancel, Escape or a click outside.
 */
export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}

function ConfirmDialog({
  open,
  options,
  onClose,
}: {
  open: boolean;
  options: ConfirmOptions;
  onClose: (ok: boolean) => void;
}) {
  const { t } = useTranslation('components');
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      aria-describedby={options.message ? textId : undefined}
    >
      <DialogTitle id={titleId}>{options.title}</DialogTitle>
      {options.message ? (
        <DialogContent>
          <DialogContentText id={textId}>{options.message}</DialogContentText>
        </DialogContent>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1 }}>
        <Button variant="outlined" color="inherit" onClick={() => onClose(false)}>
          {options.cancelText ?? t('confirm.cancel')}
        </Button>
        <Button
          variant="contained"
          color={options.danger ? 'error' : 'primary'}
          onClick={() => onClose(true)}
          // The safe choice has the focus when the action destroys something.
          autoFocus={!options.danger}
        >
          {options.confirmText ?? t('confirm.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Kept after closing so that the text does not vanish during the exit animation.
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const pending = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        pending.current?.(false); // a second request replaces (and cancels) the first
        pending.current = resolve;
        setOptions(next);
        setOpen(true);
      }),
    [],
  );

  const close = useCallback((ok: boolean) => {
    pending.current?.(ok);
    pending.current = null;
    setOpen(false);
  }, []);

  useEffect(() => () => pending.current?.(false), []);

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {options ? (
        <Suspense fallback={null}>
          <ConfirmDialog open={open} options={options} onClose={close} />
        </Suspense>
      ) : null}
    </ConfirmContext.Provider>
  );
}
