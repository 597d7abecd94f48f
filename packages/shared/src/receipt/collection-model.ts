/**
 * The printed receipt of a collection (« collecte », issue 20 §2) as lines and rows: what both the
 * ESC/POS bytes (collection-escpos.ts) and the print dialog's HTML (the collections page) print, so the
 * two papers cannot differ. Apart from the bytes so that a screen showing the receipt does not carry
 * the encoder (it is loaded when a thermal printer prints). French, like the ticket and the closing.
 */
import type { Collection } from '../contracts/collections';
import { amountSign } from '../money/balance';
import { receiptAmount } from './escpos-doc';
import { receiptDateTime } from './model';

export const COLLECTION_LABELS = {
  title: 'REÇU DE COLLECTE',
  number: (id: number) => `Collecte n° ${id}`,
  at: (when: string) => `Le ${when}`,
  agent: (name: string, username: string) => `Vendeur : ${name} (${username})`,
  branch: (name: string) => `Succursale : ${name}`,
  by: (name: string) => `Collectée par : ${name}`,
  amount: (currency: string) => `Montant collecté (${currency})`,
  owes: (amount: number | string) => (amountSign(amount) < 0 ? 'Défisi du vendeur' : 'Le vendeur doit encore'),
  note: (note: string) => `Note : ${note}`,
  reversed: (when: string) => `ANNULÉE le ${when}`,
  reason: (reason: string) => `Motif : ${reason}`,
  sign: 'Signature du vendeur :',
  check: 'Signature du collecteur :',
} as const;

const L = COLLECTION_LABELS;

export interface CollectionPaper {
  company: string;
  title: string;
  head: string[];
  rows: { label: string; value: string; strong?: boolean }[];
  notes: string[];
  footer: string[];
}

export function collectionPaper(c: Collection): CollectionPaper {
  const head = [L.number(c.id), L.at(receiptDateTime(c.at, c.timezone)), L.agent(c.agent_name, c.agent_username)];
  if (c.surcussale_name) head.push(L.branch(c.surcussale_name));
  if (c.actor_name) head.push(L.by(c.actor_name));
  const notes: string[] = [];
  if (c.note) notes.push(L.note(c.note));
  if (c.reversal) {
    notes.push(L.reversed(receiptDateTime(c.reversal.at, c.timezone)));
    if (c.reversal.reason) notes.push(L.reason(c.reversal.reason));
  }
  return {
    company: c.company_name,
    title: L.title,
    head,
    rows: [
      { label: L.amount(c.currency), value: receiptAmount(c.amount), strong: true },
      { label: L.owes(c.agent_balance), value: receiptAmount(Math.abs(c.agent_balance)) },
    ],
    notes,
    footer: [L.sign, L.check],
  };
}
