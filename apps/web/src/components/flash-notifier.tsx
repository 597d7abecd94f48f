import { useSnackbar } from 'notistack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { takeFlash } from '../lib/flash';

/** Shows the notification left by the previous page load (login success, logout failure). */
export function FlashNotifier() {
  const { enqueueSnackbar } = useSnackbar();
  const { t } = useTranslation();
  useEffect(() => {
    const flash = takeFlash();
    if (flash) enqueueSnackbar(t(flash.key), { variant: flash.variant });
  }, [enqueueSnackbar, t]);
  return null;
}
