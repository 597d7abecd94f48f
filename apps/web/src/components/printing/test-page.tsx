import { COLUMNS, centred, escposEncoder, rule, text, title } from '@borlette/shared/receipt/escpos-doc';
import Box from '@mui/material/Box';
import type { TFunction } from 'i18next';
import { QrCode } from '../qr-code';
import { paperSx } from './paper';
import type { PrintDocument } from './use-printer';

/**
 * « Test d'impression »: the accents French and Creole need, a rule across the paper (to check the
 * columns), and a QR code by the printer's own command (GS ( k) holding the POS address.
 */
export function testPageDocument(t: TFunction<'printer'>, url: string, company: string): PrintDocument {
  const lines = (width: 58 | 80) => [
    t('testPage.accents'),
    t('testPage.sentence'),
    t('testPage.width', { width, columns: COLUMNS[width] }),
  ];
  return {
    name: 'test',
    escpos: (width) => {
      const e = escposEncoder(width);
      title(e, company.toUpperCase(), { large: true });
      title(e, t('testPage.title'));
      rule(e);
      for (const line of lines(width)) text(e, line);
      e.line('1234567890'.repeat(5).slice(0, COLUMNS[width]));
      rule(e);
      centred(e, t('testPage.qr'));
      e.align('center').qrcode(url, { model: 2, size: 6, errorlevel: 'm' }).align('left');
      centred(e, url);
      title(e, t('testPage.end'));
      return e.cut('partial').encode();
    },
    html: (
      <Box sx={{ ...paperSx, textAlign: 'center' }}>
        <Box sx={{ fontWeight: 700, fontSize: '10.5pt' }}>{company.toUpperCase()}</Box>
        <Box sx={{ fontWeight: 700 }}>{t('testPage.title')}</Box>
        <Box sx={{ borderTop: '1px dashed #000', my: '1.5mm' }} />
        {lines(58)
          .slice(0, 2)
          .map((l) => (
            <Box key={l}>{l}</Box>
          ))}
        <Box sx={{ borderTop: '1px dashed #000', my: '1.5mm' }} />
        <Box>{t('testPage.qr')}</Box>
        <Box sx={{ display: 'flex', justifyContent: 'center', my: '1mm' }}>
          <QrCode value={url} size="30mm" label={url} />
        </Box>
        <Box sx={{ wordBreak: 'break-all' }}>{url}</Box>
        <Box sx={{ fontWeight: 700, mt: '1mm' }}>{t('testPage.end')}</Box>
      </Box>
    ),
  };
}
