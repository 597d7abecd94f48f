/**
 * The file name of a downloaded invoice: the invoice's number (from the server's Content-Disposition,
 * else the one the list passed), never a path. Pure, unit-tested.
 */
export function pdfFilename(fromServer: string | null | undefined, number: string | null | undefined, id: number) {
  const base = (fromServer?.trim() || number?.trim() || `facture-${id}`).replace(/[/\\:*?"<>|]+/g, '-');
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}
