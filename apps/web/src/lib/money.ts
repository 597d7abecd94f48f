/**
 * Amounts: integer centimes in the API, « 1 234,50 » in the forms (HTG with 2 decimals at most).
 * Pure functions, unit-tested.
 */

/** What a person may type: digits with optional thousands spaces, then , or . and 1-2 decimals. */
const AMOUNT = /^(\d{1,3}(?:[\s\u00a0\u202f]\d{3})+|\d+)(?:[.,](\d{1,2}))?$/;

/** « 1 234,5 » -> 123450; null when it is not an amount with 2 decimals at most. */
export function parseAmount(input: string): number | null {
  const m = AMOUNT.exec(input.trim());
  if (!m) return null;
  const units = Number(m[1].replace(/[\s\u00a0\u202f]/g, ''));
  const cents = Number((m[2] ?? '').padEnd(2, '0'));
  const value = units * 100 + cents;
  return Number.isSafeInteger(value) ? value : null;
}

/** 123450 -> '1234.50' (the form's editable text). */
export function centimesToInput(centimes: number): string {
  return (centimes / 100).toFixed(2);
}

/** 123450 -> « 1 234,50 HTG » in the interface's language. */
export function formatMoney(centimes: number, currency = 'HTG', language = 'fr'): string {
  const locale = language === 'ht' ? 'fr-HT' : language;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: 2 }).format(
      centimes / 100,
    );
  } catch {
    return `${(centimes / 100).toFixed(2)} ${currency}`;
  }
}
