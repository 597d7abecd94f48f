import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ORIGIN, SAMPLES } from '@borlette/shared/receipt/__golden__/sample-tickets';
import { copyOf, publicFicheUrl, ticketReceipt } from '@borlette/shared/receipt/model';
import { describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { receiptPdf } from './receipt-pdf';

/**
 * The shareable PDF receipt: the thermal receipt's words at the paper's width, and a QR code that a
 * reader decodes to the ticket's public link (the page is rasterised from its own drawing commands).
 */
const require = createRequire(import.meta.url);
prepareZXingModule({
  overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')) },
});

async function render(name: keyof typeof SAMPLES, width: 58 | 80) {
  const f = SAMPLES[name];
  const pdf = (await receiptPdf(ticketReceipt(f, ORIGIN, { copy: copyOf(f) }), width, { compress: false })).toString(
    'latin1',
  );
  // pdfkit writes each line as one hex string in WinAnsi (Latin-1 for our letters).
  const lines = [...pdf.matchAll(/\[<([0-9a-f]+)> 0\] TJ/g)].map((m) => Buffer.from(m[1]!, 'hex').toString('latin1'));
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(pdf);
  return { pdf, lines, pageWidth: Number(box?.[1]), pageHeight: Number(box?.[2]) };
}

/** The filled squares (the QR's modules) painted black on white, 4 pixels a point. */
function rasterise(pdf: string, width: number, height: number) {
  const scale = 4;
  const W = Math.ceil(width * scale);
  const H = Math.ceil(height * scale);
  const data = new Uint8ClampedArray(W * H * 4).fill(255);
  for (const m of pdf.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)) {
    const [x, y, w, h] = m.slice(1, 5).map((v) => Math.round(Number(v) * scale)) as [number, number, number, number];
    for (let py = y; py < y + h; py++) {
      for (let px = x; px < x + w; px++) data.fill(0, (py * W + px) * 4, (py * W + px) * 4 + 3);
    }
  }
  return { data, width: W, height: H, colorSpace: 'srgb' as const };
}

describe('receipt PDF', () => {
  for (const width of [58, 80] as const) {
    it(`${width} mm: the page is the paper's width and holds the receipt's lines`, async () => {
      const { pdf, lines, pageWidth } = await render('multiDraw', width);
      expect(pdf.match(/\/Type \/Page\n/g)).toHaveLength(1); // one receipt, one page
      expect(pageWidth).toBeCloseTo((width * 72) / 25.4, 2);
      expect(lines).toContain('Fiche n° 1000018');
      expect(lines).toContain('ABCD-2345');
      expect(lines.some((l) => /^TOTAL +30,00 HTG$/.test(l))).toBe(true);
      expect(lines.some((l) => /^Mariage 07\*81 +gratuit$/.test(l))).toBe(true);
    });
  }

  it('prints the accents and « COPIE n »', async () => {
    expect((await render('accents', 58)).lines).toContain('Vendeur : Hélène Forêt-Noël');
    expect((await render('copy', 58)).lines).toContain('*** COPIE 2 ***');
  });

  it('the largest ticket (100 lines × 20 draws) stays within the PDF page limit (14 400 units)', async () => {
    const base = SAMPLES.tenLines;
    const draws = Array.from({ length: 20 }, (_, i) => ({ ...base.draws[0]!, tirage_id: i + 1, name: `Tirage ${i}` }));
    const lines = draws.flatMap((d) =>
      Array.from({ length: 100 }, (_, j) => ({
        ...base.lines[0]!,
        tirage_id: d.tirage_id,
        position: j + 1,
        number: String(j).padStart(2, '0'),
      })),
    );
    const pdf = (await receiptPdf(ticketReceipt({ ...base, draws, lines }, ORIGIN), 58, { compress: false })).toString(
      'latin1',
    );
    const heights = [...pdf.matchAll(/\/MediaBox \[0 0 [\d.]+ ([\d.]+)\]/g)].map((m) => Number(m[1]));
    expect(heights.length).toBeGreaterThan(1);
    for (const h of heights) expect(h).toBeLessThanOrEqual(14_400);
    // Every line is there, in order: the last draw's last bet, then the total.
    expect(pdf.includes(Buffer.from('TIRAGE 19').toString('hex'))).toBe(true);
  });

  it('its QR code decodes to the public link', async () => {
    const { pdf, pageWidth, pageHeight } = await render('tenLines', 58);
    const found = await readBarcodes(rasterise(pdf, pageWidth, pageHeight), { formats: ['QRCode'] });
    expect(found.map((b) => b.text)).toEqual([publicFicheUrl(ORIGIN, SAMPLES.tenLines.ref_code)]);
  });
});
