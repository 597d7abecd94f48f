/**
 * The printed receipt's words. The paper receipt is French whatever the interface language (it is
 * handed to the player and shown at any counter); the game names are those of the web's
 * `ficheView.json` « games ».
 */
export const GAME_LABELS: Record<number, string> = {
  20: 'Bolet',
  30: 'Loto 3',
  40: 'Mariage',
  41: 'Loto 4 O1',
  42: 'Loto 4 O2',
  43: 'Loto 4 O3',
  44: 'Mariage gratuit',
  51: 'Loto 5 O1',
  52: 'Loto 5 O2',
  53: 'Loto 5 O3',
};

export function gameLabel(code: number): string {
  return GAME_LABELS[code] ?? String(code);
}

export const RECEIPT_LABELS = {
  number: (n: string) => `Fiche n° ${n}`,
  copy: (n: number) => `COPIE ${n}`,
  cancelled: 'FICHE ANNULÉE',
  soldAt: (when: string) => `Vendue le ${when}`,
  agent: (name: string) => `Vendeur : ${name}`,
  branch: (name: string) => `Succursale : ${name}`,
  free: 'gratuit',
  subtotal: 'Sous-total',
  total: 'TOTAL',
  verification: 'Code de vérification',
  payableUntil: (date: string) => `Gains payables jusqu’au ${date}`,
  check: 'Vérifiez votre fiche : scannez le code QR.',
  keep: 'Gardez ce reçu : il est exigé pour le paiement.',
} as const;
