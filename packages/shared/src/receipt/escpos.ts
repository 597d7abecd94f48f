/**
 * A ticket as ESC/POS bytes for a 58 or 80 mm thermal printer: company and ticket number bold and
 * double size, lines in the paper's columns, the QR code drawn by the printer (GS ( k, model 2) with
 * the public link, the verification code under it (the fallback when the QR is torn), payable-until
 * date, feed and cut. French, CP858 (see escpos-doc.ts).
 */
import { centred, escposEncoder, type PaperWidth, receiptAmount, row, rule, text, title } from './escpos-doc';
import { RECEIPT_LABELS as L } from './labels';
import { receiptDateTime, receiptDay, type TicketReceipt } from './model';

/** Dots per QR module: about 27 mm wide for a ~60-character link on either paper. */
const QR_MODULE: Record<PaperWidth, number> = { 58: 6, 80: 7 };

export function ticketEscpos(receipt: TicketReceipt, width: PaperWidth): Uint8Array {
  const e = escposEncoder(width);
  title(e, receipt.company.toUpperCase(), { large: true });
  if (receipt.copy) title(e, `*** ${L.copy(receipt.copy)} ***`);
  if (receipt.cancelled) title(e, `*** ${L.cancelled} ***`);
  e.newline();
  title(e, L.number(receipt.number), { large: true });
  centred(e, receiptDateTime(receipt.soldAt, receipt.timezone));
  text(e, L.agent(receipt.agent));
  if (receipt.surcussale) text(e, L.branch(receipt.surcussale));

  for (const draw of receipt.draws) {
    rule(e);
    e.bold(true);
    row(e, draw.name.toUpperCase(), receiptDay(draw.drawDate));
    e.bold(false);
    for (const line of draw.lines) {
      row(e, `${line.game} ${line.number}`, line.free ? L.free : receiptAmount(line.stake));
    }
    if (receipt.draws.length > 1) row(e, L.subtotal, receiptAmount(draw.amount));
  }
  rule(e);
  e.bold(true);
  row(e, L.total, `${receiptAmount(receipt.total)} ${receipt.currency}`);
  e.bold(false);
  rule(e);

  e.align('center').qrcode(receipt.url, { model: 2, size: QR_MODULE[width], errorlevel: 'm' }).align('left');
  centred(e, L.verification);
  title(e, receipt.verificationCode, { large: true });
  centred(e, L.payableUntil(receiptDay(receipt.expiresOn)));
  centred(e, L.check);
  e.bold(true);
  centred(e, L.keep);
  e.bold(false);
  return e.cut('partial').encode();
}
