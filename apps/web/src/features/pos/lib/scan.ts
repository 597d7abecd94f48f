/**
 * What the camera saw on a receipt. The receipt carries a QR code (its public link, whose secret is
 * the proof of payment) and a Code 128 (the number alone, which still needs the verification code).
 */
import { readTicketInput, type TicketInput } from './fiche-rules';

/** One code read in a video frame (the fields of the Barcode Detection API). */
export interface Seen {
  format: string;
  rawValue: string;
}

export type ScanResult =
  | { kind: 'ref'; refCode: string }
  | { kind: 'number'; number: number }
  /** A code that is not one of our receipts (another QR code, a damaged read). */
  | { kind: 'foreign' };

function meaning(read: TicketInput): ScanResult {
  if (read.kind === 'ref') return { kind: 'ref', refCode: read.refCode };
  if (read.kind === 'number') return { kind: 'number', number: read.number };
  return { kind: 'foreign' };
}

/** Of the codes of one frame, the most useful: a receipt's secret first, then a number; null if none. */
export function pickScanned(found: readonly Seen[]): ScanResult | null {
  const results = found.filter((b) => b.rawValue).map((b) => meaning(readTicketInput(b.rawValue)));
  return (
    results.find((r) => r.kind === 'ref') ??
    results.find((r) => r.kind === 'number') ??
    results.find((r) => r.kind === 'foreign') ??
    null
  );
}

/**
 * How long a number alone is held back, in case the QR code of the same receipt comes into view: the
 * QR code opens the ticket at once, a number asks for the verification code.
 */
export const NUMBER_GRACE_MS = 1200;

/** Nothing readable for this long: the scanner says how to help it (light, distance, typed code). */
export const UNREADABLE_AFTER_MS = 12_000;

/** The camera's failure, by the DOMException's name, in the words the scanner shows. */
export function cameraProblem(name: string | undefined): 'denied' | 'noCamera' | 'busy' | 'failed' {
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'noCamera';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}
