import type { TicketReceipt } from '@borlette/shared/receipt/model';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paperSx } from '../../../../components/printing/paper';
import { QrCode } from '../../../../components/qr-code';
import { fDateTime, fDayNumeric, formatDecimal, formatMoney } from '../../../../lib/format';
import { Barcode } from '../barcode';

function Row({ left, right, strong }: { left: ReactNode; right: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: '2mm', fontWeight: strong ? 700 : 400 }}>
      <Box component="span" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {left}
      </Box>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {right}
      </Box>
    </Box>
  );
}

const rule = { borderTop: '1px dashed #000', my: '1.5mm' } as const;

/**
 * The printed receipt, 58 mm wide, monospace, black on white in any theme. The same element is the
 * on-screen preview and the printed copy (see components/printing/dialog-transport.tsx).
 */
export function Receipt({ data }: { data: TicketReceipt }) {
  const { t, i18n } = useTranslation(['pos', 'ficheView']);
  const lang = i18n.language;
  const amount = (v: number) => formatDecimal(v, lang);
  return (
    <Box className="pos-receipt" sx={paperSx}>
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: '10.5pt', textTransform: 'uppercase' }}>
        {data.company}
      </Box>
      {data.copy ? (
        <Box sx={{ textAlign: 'center', fontWeight: 700, border: '1px solid #000', mt: '1mm' }}>
          {t('receipt.duplicate', { count: data.copy })}
        </Box>
      ) : null}
      {data.cancelled ? (
        <Box sx={{ textAlign: 'center', fontWeight: 700, border: '2px solid #000', mt: '1mm' }}>
          {t('receipt.cancelled')}
        </Box>
      ) : null}
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: '12pt', mt: '1mm' }}>
        {t('receipt.number', { number: data.number })}
      </Box>
      <Box sx={{ textAlign: 'center' }}>{fDateTime(data.soldAt, { timeZone: data.timezone, language: lang })}</Box>
      <Box>{t('receipt.agent', { name: data.agent })}</Box>
      {data.surcussale ? <Box>{t('receipt.branch', { name: data.surcussale })}</Box> : null}
      {data.draws.map((d) => (
        <Box key={d.tirageId}>
          <Box sx={rule} />
          <Row left={<b>{d.name.toUpperCase()}</b>} right={fDayNumeric(d.drawDate)} />
          {d.lines.map((l) => (
            <Row
              key={l.key}
              left={`${t(`ficheView:games.${l.free ? 40 : l.code}`, { defaultValue: String(l.code) })} ${l.number}`}
              right={l.free ? t('receipt.free') : amount(l.stake)}
            />
          ))}
          {data.draws.length > 1 ? <Row left={t('receipt.subtotal')} right={amount(d.amount)} /> : null}
        </Box>
      ))}
      <Box sx={rule} />
      <Row strong left={t('receipt.total')} right={formatMoney(data.total, data.currency, lang)} />
      <Box sx={rule} />
      <Box sx={{ display: 'flex', justifyContent: 'center', my: '1mm' }}>
        <QrCode value={data.url} size="30mm" label={t('receipt.qrLabel')} />
      </Box>
      <Box sx={{ px: '2mm', mt: '1mm' }}>
        <Barcode value={data.number} height="10mm" label={t('receipt.barcodeLabel', { number: data.number })} />
      </Box>
      <Box sx={{ textAlign: 'center', fontWeight: 700, fontSize: '11pt', letterSpacing: '0.08em' }}>{data.number}</Box>
      {data.verificationCode ? (
        <Box sx={{ textAlign: 'center', mt: '0.5mm' }}>
          {t('receipt.verification')}{' '}
          <Box component="span" sx={{ fontWeight: 700, fontSize: '11pt', letterSpacing: '0.08em' }}>
            {data.verificationCode}
          </Box>
        </Box>
      ) : null}
      <Box sx={{ textAlign: 'center', mt: '1mm' }}>
        {t('receipt.payableUntil', { date: fDayNumeric(data.expiresOn) })}
      </Box>
      <Box sx={{ textAlign: 'center', fontSize: '7.5pt' }}>{t('receipt.check')}</Box>
      <Box sx={{ textAlign: 'center', fontSize: '7.5pt', fontWeight: 700 }}>{t('receipt.keep')}</Box>
    </Box>
  );
}
