/**
 * The layout data of a printed receipt (58 mm): one block per draw with its lines (free mariages
 * marked « gratuit »), the total, and the public link that the QR code carries.
 */
import type { FicheView } from '@borlette/shared/contracts/fiches';
import { formatVerificationCode } from './verification-code';

export interface ReceiptLine {
  key: string;
  code: number;
  number: string;
  stake: number;
  free: boolean;
}

export interface ReceiptDraw {
  tirageId: number;
  name: string;
  drawDate: string;
  amount: number;
  lines: ReceiptLine[];
}

export interface ReceiptData {
  company: string;
  /** The ticket number as printed (digits only: what the agent types to pay, and the barcode). */
  number: string;
  soldAt: string;
  timezone: string;
  agent: string;
  surcussale: string | null;
  draws: ReceiptDraw[];
  total: number;
  currency: string;
  expiresOn: string;
  /** The verification code, printed ABCD-EFGH: with the number, it lets any agent pay the ticket. */
  verificationCode: string;
  url: string;
  /** A reprint is marked « DUPLICATA » with its print number. */
  reprint: { count: number } | null;
  cancelled: boolean;
}

/** The public link of a ticket (what its QR code holds). */
export function publicFicheUrl(origin: string, refCode: string): string {
  return `${origin.replace(/\/$/, '')}/fiche-view/${encodeURIComponent(refCode)}`;
}

export function receiptData(fiche: FicheView, origin: string, options: { reprint?: boolean } = {}): ReceiptData {
  const byDraw = new Map<number, ReceiptLine[]>();
  const ordered = [...fiche.lines].sort(
    (a, b) => a.tirage_id - b.tirage_id || Number(a.free) - Number(b.free) || a.position - b.position,
  );
  for (const l of ordered) {
    const list = byDraw.get(l.tirage_id) ?? [];
    list.push({ key: `${l.tirage_id}-${l.position}`, code: l.code, number: l.number, stake: l.stake, free: l.free });
    byDraw.set(l.tirage_id, list);
  }
  return {
    company: fiche.company_name,
    number: String(fiche.number),
    soldAt: fiche.sold_at,
    timezone: fiche.timezone,
    agent: fiche.agent_name,
    surcussale: fiche.surcussale_name,
    draws: fiche.draws.map((d) => ({
      tirageId: d.tirage_id,
      name: d.name,
      drawDate: d.draw_date,
      amount: d.amount,
      lines: byDraw.get(d.tirage_id) ?? [],
    })),
    total: fiche.amount,
    currency: fiche.currency,
    expiresOn: fiche.expires_on,
    verificationCode: formatVerificationCode(fiche.verification_code),
    url: publicFicheUrl(origin, fiche.ref_code),
    reprint: options.reprint ? { count: Math.max(2, fiche.print_count) } : null,
    cancelled: fiche.status === 'annule' || fiche.status === 'supprime',
  };
}
