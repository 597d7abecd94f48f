import type { Endpoint } from '@borlette/shared/endpoint';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useCsvExport } from './data-table';

/**
 * « Imprimer » (window.print: the print sheet of the page) and « Exporter CSV » (the same endpoint
 * with format=csv, sent with the session token; the server names the file).
 */
export function ReportActions({
  csv,
  canPrint,
}: {
  csv: { endpoint: Endpoint; params: Record<string, string | number | undefined>; filename: string } | null;
  /** undefined: no print button (a page without a print sheet). */
  canPrint?: boolean;
}) {
  const { t } = useTranslation('reports');
  const { exporting, exportCsv } = useCsvExport(csv?.endpoint ?? null, csv?.params ?? {}, csv?.filename);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', width: { xs: '100%', sm: 'auto' } }}>
      {canPrint !== undefined ? (
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<PrintOutlinedIcon />}
          onClick={() => window.print()}
          disabled={!canPrint}
          sx={{ flex: { xs: 1, sm: 'none' } }}
        >
          {t('actions.print')}
        </Button>
      ) : null}
      <Button
        variant="contained"
        color="inherit"
        startIcon={<FileDownloadOutlinedIcon />}
        onClick={() => void exportCsv()}
        loading={exporting}
        disabled={!csv}
        sx={{ flex: { xs: 1, sm: 'none' } }}
      >
        {t('actions.csv')}
      </Button>
    </Box>
  );
}
