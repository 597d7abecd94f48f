/**
 * One receipt model for every rendering of a ticket: the on-screen/HTML receipt (web), the ESC/POS
 * bytes (escpos.ts) and the shareable PDF (server). One block per draw with its lines (free mariages
 * marked « gratuit », after the bets), the total, and the public link that the QR code carries.
 */
import type { FicheView } from '../contracts/fiches';
import { gameLabel } from './labels';

export interface ReceiptLine {
  key: string;
  code: number;
  /** The printed game name (French): a free mariage reads « Mariage », marked free. */
  game: string;
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

export interface TicketReceipt {
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
  /** A copy is marked « COPIE n », n the ticket's print count (>= 2); null on the original. */
  copy: number | null;
  cancelled: boolean;
}

/** The public link of a ticket (what its QR code holds). */
export function publicFicheUrl(origin: string, refCode: string): string {
  return `${origin.replace(/\/$/, '')}/fiche-view/${encodeURIComponent(refCode)}`;
}

/** As printed on the receipt: ABCD-EFGH. */
export function formatVerificationCode(code: string | undefined): string {
  if (!code) return '';
  return code.length === 8 ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
}

/** The copy number a ticket's receipt carries from its print count: none for the first print. */
export function copyOf(fiche: Pick<FicheView, 'print_count'>): number | undefined {
  return fiche.print_count >= 2 ? fiche.print_count : undefined;
}

export function ticketReceipt(fiche: FicheView, origin: string, options: { copy?: number } = {}): TicketReceipt {
  const byDraw = new Map<number, ReceiptLine[]>();
  const ordered = [...fiche.lines].sort(
    (a, b) => a.tirage_id - b.tirage_id || Number(a.free) - Number(b.free) || a.position - b.position,
  );
  for (const l of ordered) {
    const list = byDraw.get(l.tirage_id) ?? [];
    list.push({
      key: `${l.tirage_id}-${l.position}`,
      code: l.code,
      game: gameLabel(l.free ? 40 : l.code),
      number: l.number,
      stake: l.stake,
      free: l.free,
    });
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
    copy: options.copy !== undefined && options.copy >= 2 ? options.copy : null,
    cancelled: fiche.status === 'annule' || fiche.status === 'supprime',
  };
}

/** 2026-03-14 -> « 14/03/2026 ». */
export function receiptDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/** An instant on the company's clock: « 14/03/2026 11:00 » (built from parts: no locale spaces). */
export function receiptDateTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(date);
  } catch {
    return receiptDateTime(iso, 'UTC');
  }
  const p = (type: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === type)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} ${p('hour')}:${p('minute')}`;
}
