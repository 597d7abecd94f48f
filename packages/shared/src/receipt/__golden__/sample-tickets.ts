/**
 * Sample tickets for the receipt golden tests (test data only; not imported by production code).
 * Fixed values, so the bytes only change when the rendering does.
 */
import type { FicheView } from '../../contracts/fiches';

export const ORIGIN = 'https://pos.example';

type Line = FicheView['lines'][number];
type Draw = FicheView['draws'][number];

const draw = (tirage_id: number, name: string, amount: number): Draw => ({
  tirage_id,
  name,
  draw_date: '2026-03-14',
  amount,
  win_amount: 0,
  status: 'en_attente',
  result: null,
  result_late: false,
});

const line = (tirage_id: number, position: number, code: number, number: string, stake: number): Line => ({
  tirage_id,
  position,
  code,
  number,
  stake,
  free: code === 44,
  win_amount: 0,
});

function fiche(draws: Draw[], lines: Line[], extra: Partial<FicheView> = {}): FicheView {
  return {
    id: 9,
    number: 1000018,
    ref_code: 'Xk3Lm9Qp2Rt7',
    verification_code: 'ABCD2345',
    sold_at: '2026-03-14T15:00:00Z',
    sale_date: '2026-03-14',
    status: 'en_attente',
    blocked: false,
    amount: draws.reduce((s, d) => s + d.amount, 0),
    commission_amount: 0,
    win_amount: 0,
    paid_at: null,
    paid_amount: null,
    expires_on: '2026-06-12',
    cancel_until: '2026-03-14T15:10:00Z',
    print_count: 1,
    agent_id: 4,
    agent_name: 'Pierre Louis',
    surcussale_name: 'Delmas',
    company_name: 'Borlette Démo',
    company_logo: null,
    currency: 'HTG',
    timezone: 'America/Port-au-Prince',
    draws,
    lines,
    ...extra,
  };
}

/** Every accented letter of our French texts, in the names the receipt prints. */
export const accents = fiche([draw(1, 'Génération « Matin » où ça brûle', 2500)], [line(1, 1, 20, '07', 2500)], {
  company_name: 'Loterie Ça Côte d’Été',
  agent_name: 'Hélène Forêt-Noël',
  surcussale_name: 'Pétion-Ville à l’Île, Jérémie, Aïda, Maître, Mûr',
});

export const mariage = fiche([draw(2, 'Florida Soir', 1500)], [line(2, 1, 40, '12*34', 1500)]);

export const loto4 = fiche(
  [draw(2, 'New York Midi', 3000)],
  [line(2, 1, 41, '1234', 1000), line(2, 2, 42, '1234', 1000), line(2, 3, 43, '5678', 1000)],
);

export const freePairs = fiche(
  [draw(2, 'Florida Soir', 12_345_650)],
  [line(2, 1, 20, '23', 12_345_650), line(2, 2, 44, '07*81', 0), line(2, 3, 44, '19*55', 0)],
);

const tenNumbers = ['01', '12', '23', '34', '45', '56', '67', '78', '89', '99'];
export const tenLines = fiche(
  [draw(5, 'New York Soir', 10 * 2500)],
  tenNumbers.map((n, i) =>
    line(
      5,
      i + 1,
      i % 3 === 0 ? 20 : i % 3 === 1 ? 30 : 40,
      i % 3 === 2 ? `${n}*${tenNumbers[9 - i]}` : i % 3 === 1 ? `${n}5` : n,
      2500,
    ),
  ),
);

export const multiDraw = fiche(
  [draw(5, 'New York Soir', 1500), draw(2, 'Florida Soir', 1500)],
  [
    line(2, 3, 44, '07*81', 0),
    line(2, 1, 20, '23', 1000),
    line(2, 2, 40, '12*34', 500),
    line(5, 1, 20, '23', 1000),
    line(5, 2, 40, '12*34', 500),
  ],
);

export const copy = { ...mariage, print_count: 2 };

export const SAMPLES = { accents, mariage, loto4, freePairs, tenLines, multiDraw, copy } as const;
