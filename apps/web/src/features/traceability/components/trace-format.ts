import { isMoneyField } from '@borlette/shared/contracts/audit-actions';
import type { TraceEntry } from '@borlette/shared/contracts/traceability';
import { fBusinessDay, fDateTime, formatMoney } from '../../../lib/format';

/**
 * How a traceability entry reads for people (pure, unit-tested): amounts in money, instants on the
 * company's clock, calendar days as dates, yes/no, and the entity by what people call it.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WHOLE = /^-?\d+$/;

export interface ValueContext {
  /** The entry's currency: its record's own `currency` field, else the company's (entryCurrency). */
  currency: string;
  timeZone?: string;
  language?: string;
  yes: string;
  no: string;
  /** Names of the recorded states (`status`: active -> « active », cancelled -> « annulée »). */
  statuses?: Record<string, string>;
  /** Names of other recorded values, per field (`state`: seen -> « Vue », `kind`: an alert's kind). */
  values?: Record<string, Record<string, string>>;
}

/** The currency of an entry's amounts: billing records name theirs (US cents), others are the company's. */
export function entryCurrency(entry: Pick<TraceEntry, 'currency' | 'changes'>): string {
  const own = entry.changes.find((c) => c.field === 'currency');
  return own?.after ?? own?.before ?? entry.currency;
}

/** A recorded value as text: « 25,00 HTG » for 2500 in an amount field, « 14 mars 2026 18:30 » for an instant. */
export function traceValueText(value: string, field: string | undefined, ctx: ValueContext): string {
  if (value === 'true') return ctx.yes;
  if (value === 'false') return ctx.no;
  if (field === 'status' && ctx.statuses && Object.hasOwn(ctx.statuses, value)) return ctx.statuses[value];
  const names = field && ctx.values && Object.hasOwn(ctx.values, field) ? ctx.values[field] : undefined;
  if (names && Object.hasOwn(names, value)) return names[value];
  // Money is kept in minor units (`amount`, `*_amount`).
  if (field && isMoneyField(field) && WHOLE.test(value)) return formatMoney(value, ctx.currency, ctx.language);
  if (ISO_INSTANT.test(value)) return fDateTime(value, { timeZone: ctx.timeZone, language: ctx.language });
  return ISO_DAY.test(value) ? fBusinessDay(value, ctx.language) : value;
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * « Fiche n° 10009 », « Vendeur « agent1 » »: the entity with the name people know it by (a ticket's
 * number, never its internal id); the internal id only when the record has no name (or is gone).
 */
export function entityText(entry: Pick<TraceEntry, 'entity' | 'entity_id' | 'entity_label'>, t: T): string {
  const entity = t(`entities.${entry.entity}`, { defaultValue: entry.entity });
  if (entry.entity === 'fiche' && entry.entity_label) return t('ticket', { number: entry.entity_label });
  if (entry.entity_label) return t('entityLabel', { entity, label: entry.entity_label });
  // A session's id means nothing to people; other records keep theirs (a transaction's number, …).
  return entry.entity_id && entry.entity !== 'session' ? `${entity} #${entry.entity_id}` : entity;
}
