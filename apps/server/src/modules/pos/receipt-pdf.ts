import {
  COLUMNS,
  type PaperWidth,
  printable,
  receiptAmount,
  ruleLine,
  twoColumns,
  wrap,
} from '@borlette/shared/receipt/escpos-doc';
import { RECEIPT_LABELS as L } from '@borlette/shared/receipt/labels';
import { receiptDateTime, receiptDay, type TicketReceipt } from '@borlette/shared/receipt/model';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * A ticket as a PDF of the paper's width, to share (WhatsApp, mail) when there is no printer: the same
 * words, columns and QR code as the thermal receipt (escpos.ts), in Courier, pdfkit's standard
 * monospace (WinAnsi: French accents included).
 */
type Block = { text: string; bold?: boolean; large?: boolean; center?: boolean } | { qr: string };

const MM = 72 / 25.4;
const MARGIN = 3 * MM;
/** Courier's advance is 0.6 em: the size that puts the paper's columns across the printable width. */
const fontSize = (width: PaperWidth) => ((width - 6) * MM) / (COLUMNS[width] * 0.6);
const QR_SIZE = 30 * MM;

function blocks(r: TicketReceipt, columns: number): Block[] {
  const half = Math.floor(columns / 2);
  const out: Block[] = [];
  const lines = (list: string[], extra: Omit<Block & { text: string }, 'text'> = {}) => {
    for (const text of list) out.push({ text, ...extra });
  };
  lines(wrap(r.company.toUpperCase(), half), { bold: true, large: true, center: true });
  if (r.copy) out.push({ text: `*** ${L.copy(r.copy)} ***`, bold: true, center: true });
  if (r.cancelled) out.push({ text: `*** ${L.cancelled} ***`, bold: true, center: true });
  lines(wrap(L.number(r.number), half), { bold: true, large: true, center: true });
  out.push({ text: receiptDateTime(r.soldAt, r.timezone), center: true });
  lines(wrap(L.agent(r.agent), columns));
  if (r.surcussale) lines(wrap(L.branch(r.surcussale), columns));
  for (const draw of r.draws) {
    out.push({ text: ruleLine(columns) });
    lines(twoColumns(draw.name.toUpperCase(), receiptDay(draw.drawDate), columns), { bold: true });
    for (const line of draw.lines) {
      lines(twoColumns(`${line.game} ${line.number}`, line.free ? L.free : receiptAmount(line.stake), columns));
    }
    if (r.draws.length > 1) lines(twoColumns(L.subtotal, receiptAmount(draw.amount), columns));
  }
  out.push({ text: ruleLine(columns) });
  lines(twoColumns(L.total, `${receiptAmount(r.total)} ${r.currency}`, columns), { bold: true });
  out.push({ text: ruleLine(columns) }, { qr: r.url });
  lines(wrap(L.verification, columns), { center: true });
  out.push({ text: r.verificationCode, bold: true, large: true, center: true });
  lines(wrap(L.payableUntil(receiptDay(r.expiresOn)), columns), { center: true });
  lines(wrap(L.check, columns), { center: true });
  lines(wrap(L.keep, columns), { center: true, bold: true });
  return out;
}

/**
 * The largest page side a PDF may have (ISO 32000-1, annex C: 14 400 units, 200 inches): a longer
 * receipt (up to 100 lines × 20 draws) continues on further pages of the same width.
 */
const MAX_PAGE = 14_400;

/** The receipt as a PDF, one page unless too long; `compress: false` leaves its text readable (tests). */
export function receiptPdf(r: TicketReceipt, width: PaperWidth, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const size = fontSize(width);
  const lineHeight = size * 1.25;
  const heightOf = (b: Block) => ('qr' in b ? QR_SIZE + lineHeight : b.large ? 2 * lineHeight : lineHeight);
  const pages: Block[][] = [[]];
  let used = 0;
  for (const b of blocks(r, COLUMNS[width])) {
    if (used + heightOf(b) > MAX_PAGE - 2 * MARGIN - 1 && used > 0) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(b);
    used += heightOf(b);
  }
  const pageHeight = (list: Block[]) => Math.ceil(list.reduce((h, b) => h + heightOf(b), 0) + 2 * MARGIN);
  const pageWidth = width * MM;
  const doc = new PDFDocument({
    size: [pageWidth, pageHeight(pages[0]!)],
    margin: MARGIN,
    compress: opts.compress ?? true,
    info: { Title: printable(L.number(r.number)), Author: printable(r.company), Creator: printable(r.company) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  pages.forEach((list, i) => {
    if (i > 0) doc.addPage({ size: [pageWidth, pageHeight(list)], margin: MARGIN });
    let y = MARGIN;
    for (const b of list) {
      if ('qr' in b) {
        drawQr(doc, b.qr, (pageWidth - QR_SIZE) / 2, y + lineHeight / 2);
      } else {
        doc.font(b.bold ? 'Courier-Bold' : 'Courier').fontSize(b.large ? size * 2 : size);
        doc.text(printable(b.text), MARGIN, y, {
          width: pageWidth - 2 * MARGIN,
          align: b.center ? 'center' : 'left',
          lineBreak: false,
        });
      }
      y += heightOf(b);
    }
  });
  doc.end();
  return done;
}

/** The QR code's dark modules as filled squares (vector: sharp at any zoom, and small). */
function drawQr(doc: PDFKit.PDFDocument, value: string, x: number, y: number): void {
  const qr = QRCode.create(value, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = QR_SIZE / (n + 2 * quiet);
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + quiet) * cell, y + (row + quiet) * cell, cell, cell);
    }
  }
  doc.fill('#000');
}
