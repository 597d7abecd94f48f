import type { LottoOption } from '@borlette/shared/contracts/lotto';
import { type Lots, lotPart, lotsFromResult } from '@borlette/shared/game/lots';

const PICK3 = /^\d{3}$/;
const PICK4 = /^\d{4}$/;

export interface LotsPreviewValue {
  /** Both picks are complete. */
  complete: boolean;
  lot1: string | null;
  lot2: string | null;
  lot3: string | null;
  loto3: string | null;
  lots: Lots | null;
}

/** The lots a Pick 3 / Pick 4 pair gives (each one as soon as its pick is complete), else null. */
export function previewLots(pick3: string, pick4: string): LotsPreviewValue {
  const p3 = PICK3.test(pick3.trim()) ? pick3.trim() : null;
  const p4 = PICK4.test(pick4.trim()) ? pick4.trim() : null;
  const lots = lotsFromResult({ pick3: p3 ?? '000', pick4: p4 ?? '0000' });
  return {
    complete: !!p3 && !!p4,
    lot1: p3 ? lots.lot1 : null,
    lot2: p4 ? lots.lot2 : null,
    lot3: p4 ? lots.lot3 : null,
    loto3: p3 ? lots.loto3 : null,
    lots: p3 && p4 ? lots : null,
  };
}

export interface OptionPreview {
  code: number;
  label: string;
  number: string;
}

/** The option numbers of the company's enabled, active loto options for these lots, by code. */
export function optionPreviews(lots: Lots, options: readonly LottoOption[]): OptionPreview[] {
  return options
    .filter((o) => o.enabled && o.status === 'active')
    .sort((a, b) => a.code - b.code)
    .map((o) => ({ code: o.code, label: o.label, number: o.mapping.map((p) => lotPart(lots, p)).join('') }));
}
