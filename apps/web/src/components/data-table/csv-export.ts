import type { Endpoint } from '@borlette/shared/endpoint';
import { useSnackbar } from 'notistack';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download, isApiError } from '../../lib/api-client';
import { type ListParams, toCsvParams } from './table-state';

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * CSV export of a list: the same endpoint and filters with `format=csv` (every matching row, no page),
 * sent with the session token; the file keeps the server's name (Content-Disposition).
 */
export function useCsvExport(endpoint: Endpoint | null, params: ListParams, fallbackName = 'export.csv') {
  const { t } = useTranslation('components');
  const { enqueueSnackbar } = useSnackbar();
  const [exporting, setExporting] = useState(false);

  const exportCsv = useCallback(async () => {
    setExporting(true);
    try {
      if (!endpoint) return;
      const { blob, filename } = await download(endpoint, toCsvParams(params) as never);
      saveBlob(blob, filename ?? fallbackName);
    } catch (error) {
      const message = isApiError(error) && error.statusCode !== 0 ? error.message : t('table.exportFailed');
      enqueueSnackbar(message, { variant: 'error' });
    } finally {
      setExporting(false);
    }
  }, [endpoint, params, fallbackName, t, enqueueSnackbar]);

  return { exporting, exportCsv };
}
