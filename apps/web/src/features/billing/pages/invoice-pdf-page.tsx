import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { saveBlob } from '../../../components/data-table/csv-export';
import { parseRouteId } from '../../../components/form';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../components/use-mutation-with-toast';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useInvoicePdf } from '../api/billing';
import { PdfViewer } from '../components/pdf-viewer';
import { pdfFilename } from '../lib/pdf-name';

/** A blob URL for the PDF, revoked when it changes or the page closes. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

/**
 * /dashboard/company/facturation/:factuId/pdf: the invoice's PDF (fetched with the token, shown
 * through a blob URL), « Télécharger » under the invoice's number, « Retour » to the list.
 */
export default function InvoicePdfPage() {
  const { t } = useTranslation(['billing', 'nav']);
  const navigate = useNavigate();
  const location = useLocation();
  const id = parseRouteId(useParams().factuId);
  const pdf = useInvoicePdf(id);
  const url = useObjectUrl(pdf.data?.blob);
  const stateNumber = (location.state as { number?: string } | null)?.number;
  const filename = pdfFilename(pdf.data?.filename, stateNumber, id ?? 0);
  const number = filename.replace(/\.pdf$/i, '');
  const list = paths.dashboard.company.facturation;
  // Back to the list as it was (its period and filters) when we came from it.
  const back = () => (location.key !== 'default' && window.history.length > 1 ? navigate(-1) : navigate(list));

  const title = t('nav:facturation_pdf');
  let body: ReactNode;
  if (id === null || (pdf.isError && isApiError(pdf.error) && pdf.error.statusCode === 404)) {
    body = (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to={list} color="inherit" size="small">
            {t('pdf.toList')}
          </Button>
        }
      >
        {t('pdf.notFound')}
      </Alert>
    );
  } else if (pdf.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void pdf.refetch()} loading={pdf.isFetching}>
            {t('retry')}
          </Button>
        }
      >
        {errorMessage(pdf.error, t('pdf.loadFailed'))}
      </Alert>
    );
  } else if (!url) {
    body = (
      <Card sx={{ height: { xs: 320, md: 480 }, display: 'grid', placeItems: 'center' }} aria-busy="true">
        <Box sx={{ textAlign: 'center' }}>
          <CircularProgress />
          <Typography variant="body2" sx={{ mt: 2, color: 'text.secondary' }}>
            {t('pdf.loading')}
          </Typography>
        </Box>
      </Card>
    );
  } else {
    body = (
      <PdfViewer
        url={url}
        title={t('pdf.viewer', { number })}
        onDownload={() => pdf.data && saveBlob(pdf.data.blob, filename)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={pdf.data ? t('pdf.title', { number }) : title}
        breadcrumbs={[
          { label: t('nav:app'), to: paths.dashboard.app },
          { label: t('nav:facturation'), to: list },
          { label: title },
        ]}
        action={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="outlined" color="inherit" startIcon={<ArrowBackIcon />} onClick={back}>
              {t('pdf.back')}
            </Button>
            <Button
              variant="contained"
              startIcon={<FileDownloadOutlinedIcon />}
              disabled={!pdf.data}
              onClick={() => pdf.data && saveBlob(pdf.data.blob, filename)}
            >
              {t('pdf.download')}
            </Button>
          </Box>
        }
      />
      {body}
    </>
  );
}
