import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS } from '@borlette/shared/contracts/audit-actions';
import { TRACE_ACTIONS } from '@borlette/shared/contracts/traceability';
import { describe, expect, it } from 'vitest';
import { entityText, entryCurrency, traceValueText } from './trace-format';

const locales = join(import.meta.dirname, '../../../locales');
const traceJson = (lang: string) =>
  JSON.parse(readFileSync(join(locales, lang, 'traceability.json'), 'utf8')) as {
    actions: Record<string, string>;
    entities: Record<string, string>;
    fields: Record<string, string>;
    values: Record<string, Record<string, string>>;
    ticket: string;
    entityLabel: string;
  };
/** Spaces of Intl (narrow no-break, no-break) as plain spaces, to compare. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('traceability: action labels', () => {
  it('the filter offers every recorded action, the sale included', () => {
    expect([...TRACE_ACTIONS]).toEqual(AUDIT_ACTIONS);
    for (const a of ['sell', 'cancel', 'delete', 'pay', 'payment_reversed', 'reactivate']) {
      expect(TRACE_ACTIONS).toContain(a);
    }
  });

  it('the French screen names every action exactly as the catalogue (one source: the CSV says the same)', () => {
    expect(traceJson('fr').actions).toEqual(AUDIT_ACTION_LABELS);
  });

  it('every language names every action, and no other', () => {
    for (const lang of ['en', 'de', 'ht']) {
      const labels = traceJson(lang).actions;
      expect(Object.keys(labels).sort(), lang).toEqual([...AUDIT_ACTIONS].sort());
      for (const a of AUDIT_ACTIONS) expect(labels[a], `${lang}:${a}`).not.toBe(a);
    }
  });
});

describe('traceability: values', () => {
  const ctx = { currency: 'HTG', timeZone: 'America/Port-au-Prince', language: 'fr', yes: 'Oui', no: 'Non' };

  it('shows amounts (centimes) as money in the company’s currency, French formatting', () => {
    expect(plain(traceValueText('810000', 'amount', ctx))).toBe('8 100,00 HTG');
    expect(plain(traceValueText('2500', 'commission_amount', ctx))).toBe('25,00 HTG');
    expect(plain(traceValueText('-7676', 'amount', ctx))).toBe('-76,76 HTG');
    // Past 2^53: exact.
    expect(plain(traceValueText('9007199254740993', 'amount', ctx))).toBe('90 071 992 547 409,93 HTG');
    // Not an amount field, or not a whole number: as recorded.
    expect(traceValueText('810000', 'number', ctx)).toBe('810000');
    expect(traceValueText('abc', 'amount', ctx)).toBe('abc');
  });

  it('takes the record’s own currency (billing, in US cents) before the company’s', () => {
    const entry = { currency: 'HTG', changes: [{ field: 'currency', before: null, after: 'USD' }] };
    expect(entryCurrency(entry)).toBe('USD');
    expect(entryCurrency({ currency: 'EUR', changes: [] })).toBe('EUR');
    expect(plain(traceValueText('1000', 'amount', { ...ctx, currency: entryCurrency(entry) }))).toBe('10,00 $US');
  });

  it('shows instants on the company’s clock and calendar days as dates, never ISO', () => {
    // 17:30 UTC is 12:30 in Port-au-Prince (UTC-5 in January).
    expect(traceValueText('2026-01-14T17:30:00Z', 'expiresAt', ctx)).toBe('14 janv. 2026 12:30');
    expect(traceValueText('2026-11-26', 'draw_date', ctx)).toBe('26 nov. 2026');
    expect(traceValueText('2026-01-05', 'day', ctx)).toBe('5 janv. 2026');
    expect(traceValueText('true', 'blocked', ctx)).toBe('Oui');
    expect(traceValueText('false', 'blocked', ctx)).toBe('Non');
    const statuses = { cancelled: 'annulée' };
    expect(traceValueText('cancelled', 'status', { ...ctx, statuses })).toBe('annulée');
    expect(traceValueText('cancelled', 'note', { ...ctx, statuses })).toBe('cancelled');
  });

  it('names the other recorded values of a field (an alert’s state and kind), the rest as recorded', () => {
    const { values } = traceJson('fr');
    expect(traceValueText('seen', 'state', { ...ctx, values })).toBe('Vue');
    expect(traceValueText('winning_voided', 'kind', { ...ctx, values })).toBe('Fiche gagnante annulée ou supprimée');
    expect(traceValueText('revoked', 'state', { ...ctx, values })).toBe('Révoqué');
    expect(traceValueText('deposit', 'kind', { ...ctx, values })).toBe('deposit');
    expect(traceValueText('seen', 'note', { ...ctx, values })).toBe('seen');
  });

  it('names every field of a sign-in, the terminal’s included (« terminal_state : approved » was shown raw)', () => {
    // The fields auth.service records on a POS sign-in.
    for (const lang of ['fr', 'en', 'de', 'ht']) {
      const { fields, values } = traceJson(lang);
      for (const f of ['remember', 'expiresAt', 'terminal_id', 'terminal_state']) {
        expect(fields[f], `${lang}:${f}`).toBeTruthy();
      }
      for (const state of ['pending', 'approved', 'revoked']) {
        expect(traceValueText(state, 'terminal_state', { ...ctx, values }), `${lang}:${state}`).not.toBe(state);
      }
    }
    expect(traceJson('fr').fields.terminal_state).toBe('État du terminal');
    expect(traceValueText('approved', 'terminal_state', { ...ctx, values: traceJson('fr').values })).toBe('Approuvé');
  });

  it('names a ticket by its number, other records by their name, the id only when there is none', () => {
    const fr = traceJson('fr');
    const t = (key: string, o: Record<string, unknown> = {}) => {
      const [ns, k] = key.split('.') as [string, string | undefined];
      const text =
        k === undefined ? (fr as unknown as Record<string, string>)[ns] : (fr[ns as 'entities'][k] ?? o.defaultValue);
      return String(text).replace(/\{\{(\w+)\}\}/g, (_, v) => String(o[v]));
    };
    expect(entityText({ entity: 'fiche', entity_id: '13', entity_label: '10009' }, t)).toBe('Fiche n° 10009');
    expect(entityText({ entity: 'agent', entity_id: '7', entity_label: 'agent1' }, t)).toBe('Vendeur « agent1 »');
    expect(entityText({ entity: 'wallet_entry', entity_id: '5', entity_label: null }, t)).toBe('Transaction #5');
    expect(entityText({ entity: 'session', entity_id: '42', entity_label: null }, t)).toBe('Session');
  });
});
