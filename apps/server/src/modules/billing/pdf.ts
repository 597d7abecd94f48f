import type { Invoice } from '@borlette/shared/contracts/billing';
import { addMoney, subMoney } from '@borlette/shared/contracts/money';
import PDFDocument from 'pdfkit';
import type { RawClient } from '../../db/client';
import { formatMoney, frenchDay, refreshInvoices } from './invoices.service';
import { getInvoice, invoicePrintout } from './invoices-query';

/** Everything printed on an invoice. */
export interface InvoicePdfData {
  platform: { name: string; details: string | null };
  company: {
    name: string;
    ref_code: string;
    address: string | null;
    phone: string | null;
    email: string | null;
    city_name: string | null;
    country_name: string;
  };
  invoice: Invoice;
  graceDays: number;
  payments: { paid_at: string; method: string; reference: string | null; amount: number; currency: string }[];
}

const METHOD_LABEL: Record<string, string> = {
  sandbox: 'Paiement en ligne (démonstration)',
  moncash: 'MonCash',
  cash: 'Espèces',
  transfer: 'Virement',
  other: 'Autre',
};

const STATUS: Record<Invoice['status'], { label: string; color: string }> = {
  paid: { label: 'PAYÉE', color: '#1b7f3b' },
  unpaid: { label: 'IMPAYÉE', color: '#c62828' },
  cancelled: { label: 'ANNULÉE', color: '#616161' },
};

/** Adds days to 'YYYY-MM-DD'. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The invoice as a PDF (A4, pdfkit's standard Helvetica: French accents are in its encoding).
 * `compress: false` leaves the page content readable (tests); the route keeps the default.
 */
export function invoicePdf(d: InvoicePdfData, opts: { compress?: boolean } = {}): Promise<Buffer> {
  const { invoice: inv, company, platform } = d;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: opts.compress ?? true,
    info: {
      Title: `Facture ${inv.number}`,
      Author: platform.name,
      Subject: `Facture ${inv.number} — ${company.name}`,
      Creator: platform.name,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;
  const grey = '#555555';

  // Header: the platform, and the invoice's identity on the right.
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#000000')
    .text(platform.name, left, 50, { width: width / 2 });
  if (platform.details)
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(grey)
      .text(platform.details, { width: width / 2 });
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#000000').text('FACTURE', left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10);
  doc.text(`N° ${inv.number}`, { width, align: 'right' });
  doc.text(`Émise le ${frenchDay(inv.issued_at.slice(0, 10))}`, { width, align: 'right' });
  doc.text(`Échéance : ${frenchDay(inv.due_date)}`, { width, align: 'right' });

  // Billed to.
  let y = 140;
  doc.font('Helvetica-Bold').fontSize(10).fillColor(grey).text('FACTURÉE À', left, y);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor('#000000')
    .text(company.name, left, y + 14);
  doc.font('Helvetica').fontSize(10);
  const lines = [
    `Code compagnie : ${company.ref_code}`,
    company.address,
    [company.city_name, company.country_name].filter(Boolean).join(', '),
    company.phone ? `Tél. : ${company.phone}` : null,
    company.email,
  ].filter((l): l is string => Boolean(l));
  for (const l of lines) doc.text(l, { width: width / 2 });

  // Status stamp.
  const status = STATUS[inv.status];
  doc
    .save()
    .lineWidth(2)
    .strokeColor(status.color)
    .roundedRect(right - 150, y + 4, 150, 34, 4)
    .stroke()
    .restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .fillColor(status.color)
    .text(status.label, right - 150, y + 13, { width: 150, align: 'center' });
  doc.font('Helvetica').fontSize(9).fillColor(grey);
  if (inv.status === 'paid' && inv.paid_at) {
    doc.text(`Payée le ${frenchDay(inv.paid_at.slice(0, 10))}`, right - 150, y + 44, { width: 150, align: 'center' });
  } else if (inv.status === 'unpaid') {
    const stop = addDays(inv.due_date, d.graceDays + 1);
    doc.text(`Ventes suspendues à partir du ${frenchDay(stop)} si elle reste impayée`, right - 170, y + 44, {
      width: 170,
      align: 'center',
    });
  }

  // Period.
  y = Math.max(doc.y, y + 80) + 20;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor('#000000')
    .text(`Période : du ${frenchDay(inv.period_start)} au ${frenchDay(inv.period_end)}`, left, y);

  // Lines.
  y = doc.y + 12;
  const cols = [
    { title: 'Description', x: left, w: 250, align: 'left' as const },
    { title: 'Quantité', x: left + 250, w: 70, align: 'right' as const },
    { title: 'Prix unitaire', x: left + 320, w: 90, align: 'right' as const },
    { title: 'Montant', x: left + 410, w: width - 410, align: 'right' as const },
  ];
  doc.rect(left, y, width, 20).fill('#eeeeee');
  doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000');
  for (const c of cols) doc.text(c.title, c.x + 4, y + 6, { width: c.w - 8, align: c.align });
  y += 26;
  doc.font('Helvetica').fontSize(10);
  const row = [
    'Vendeurs actifs sur la période (abonnement mensuel)',
    String(inv.active_agents),
    formatMoney(inv.price_per_agent, inv.currency),
    formatMoney(inv.amount, inv.currency),
  ];
  cols.forEach((c, i) => {
    doc.text(row[i], c.x + 4, y, { width: c.w - 8, align: c.align });
  });
  y = doc.y + 10;
  doc.moveTo(left, y).lineTo(right, y).strokeColor('#cccccc').lineWidth(1).stroke();

  // Totals.
  const paid = d.payments.reduce((s, p) => addMoney(s, p.amount), 0);
  y += 10;
  const total = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor('#000000');
    doc.text(label, left + 250, y, { width: 160, align: 'right' });
    doc.text(value, left + 410, y, { width: width - 414, align: 'right' });
    y = doc.y + 6;
  };
  total('Total', formatMoney(inv.amount, inv.currency), true);
  if (inv.status !== 'cancelled') {
    // Comparisons and subMoney, not Math.min / -: exact past 2^53 (a bigint there).
    const rest = subMoney(inv.amount, paid);
    // biome-ignore lint/complexity/useMathMinMax: Math.min throws on a bigint
    const shown = paid < inv.amount ? paid : inv.amount;
    total('Déjà payé', formatMoney(shown, inv.currency));
    // biome-ignore lint/complexity/useMathMinMax: Math.max throws on a bigint
    total('Reste à payer', formatMoney(rest > 0 ? rest : 0, inv.currency), true);
  }

  // Payments.
  if (d.payments.length) {
    y += 14;
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#000000').text('Paiements reçus', left, y);
    doc.font('Helvetica').fontSize(9);
    for (const p of d.payments) {
      const ref = p.reference ? ` — réf. ${p.reference}` : '';
      doc.text(
        `${frenchDay(p.paid_at.slice(0, 10))} · ${METHOD_LABEL[p.method] ?? p.method} · ${formatMoney(p.amount, p.currency)}${ref}`,
        { width },
      );
    }
  }

  // Terms.
  y = doc.y + 24;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(grey)
    .text(
      `Prix par vendeur actif et par mois selon le palier du nombre de vendeurs actifs (vendeurs ayant vendu au moins ` +
        `une fiche sur la période). Facture payable au plus tard le ${frenchDay(inv.due_date)} ; après ${d.graceDays} ` +
        `jour(s) de grâce, les ventes de la compagnie sont suspendues jusqu’au paiement.`,
      left,
      y,
      { width },
    );
  doc.text(`${platform.name} — document généré le ${frenchDay(new Date().toISOString().slice(0, 10))}.`, { width });

  doc.end();
  return done;
}

/**
 * An invoice as a PDF, brought up to date before printing (a paid invoice is left as it is).
 * 404 for an unknown invoice.
 */
export async function printInvoice(
  raw: RawClient,
  id: number,
  platform: { name: string; details: string | null },
): Promise<{ number: string; pdf: Buffer }> {
  const first = await getInvoice(raw, id);
  await refreshInvoices(raw, { ids: [first.company_id] }, first.period_start, first.period_start);
  const invoice = await getInvoice(raw, first.id);
  const pdf = await invoicePdf({ platform, ...(await invoicePrintout(raw, invoice)) });
  return { number: invoice.number, pdf };
}
