import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** « Télécharger » and « Ouvrir » (the browser's own viewer, in a new tab). */
function Actions({ url, onDownload }: { url: string; onDownload: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
      <Button variant="contained" startIcon={<FileDownloadOutlinedIcon />} onClick={onDownload}>
        {t('pdf.download')}
      </Button>
      <Button
        component="a"
        href={url}
        target="_blank"
        rel="noopener"
        variant="outlined"
        color="inherit"
        startIcon={<OpenInNewIcon />}
      >
        {t('pdf.open')}
      </Button>
    </Box>
  );
}

/**
 * The PDF (a blob URL) in an <iframe>, the browser's own viewer. When the page may not frame it (the
 * server's Content-Security-Policy lacks `frame-src blob:`) a card offers to download or open it;
 * phones, whose browsers often cannot show a PDF in a page, always get that line under it.
 */
export function PdfViewer({ url, title, onDownload }: { url: string; title: string; onDownload: () => void }) {
  const { t } = useTranslation('billing');
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const onViolation = (e: SecurityPolicyViolationEvent) => {
      if (e.blockedURI === url || e.blockedURI.startsWith('blob')) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, [url]);

  if (blocked)
    return (
      <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }} data-testid="invoice-pdf-blocked">
        <PictureAsPdfOutlinedIcon sx={{ fontSize: 56, color: 'error.main' }} />
        <Typography variant="subtitle1" sx={{ mt: 1, mb: 2 }}>
          {t('pdf.noViewer')}
        </Typography>
        <Actions url={url} onDownload={onDownload} />
      </Card>
    );
  return (
    <Card sx={{ overflow: 'hidden' }}>
      <Box
        component="iframe"
        src={url}
        title={title}
        data-testid="invoice-pdf"
        sx={{
          display: 'block',
          width: '100%',
          height: { xs: '65vh', md: 'calc(100vh - 260px)' },
          minHeight: 420,
          border: 0,
          bgcolor: 'background.neutral',
        }}
      />
      <Box
        sx={{
          display: { xs: 'flex', md: 'none' },
          flexDirection: 'column',
          gap: 1,
          p: 2,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {t('pdf.phoneHint')}
        </Typography>
        <Actions url={url} onDownload={onDownload} />
      </Box>
    </Card>
  );
}
