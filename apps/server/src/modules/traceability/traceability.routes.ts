import { auditActionLabel, isMoneyField } from '@borlette/shared/contracts/audit-actions';
import { centimesText } from '@borlette/shared/contracts/money';
import {
  TRACE_KINDS,
  type TraceEntry,
  type TraceKind,
  traceabilityEndpoints,
} from '@borlette/shared/contracts/traceability';
import { ROLE_LABELS, type Role } from '@borlette/shared/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { authOf } from '../../http/auth';
import { route } from '../../http/route';
import { type CsvColumn, sendCsv } from '../_lib/list';
import { traceAll, tracePage } from './traceability.service';

const LABEL: Record<TraceKind, string> = { agents: 'vendeurs', supervisors: 'superviseurs', companies: 'compagnies' };

/** A recorded value for the CSV: amounts in the record's currency (its own `currency` field, else the company's). */
function cell(r: TraceEntry, field: string, v: string | null): string {
  if (v === null) return '∅';
  if (isMoneyField(field) && /^-?\d+$/.test(v)) {
    const currency = r.changes.find((c) => c.field === 'currency')?.after ?? r.currency;
    return `${centimesText(BigInt(v), { group: ' ', decimal: ',' })} ${currency}`;
  }
  return v;
}

const changesText = (r: TraceEntry) =>
  r.changes.map((c) => `${c.field} : ${cell(r, c.field, c.before)} → ${cell(r, c.field, c.after)}`).join(' | ');

function csvColumns(withCompany: boolean): CsvColumn<TraceEntry>[] {
  return [
    { header: 'Date', value: (r) => r.at_local },
    { header: 'Fuseau', value: (r) => r.timezone },
    ...(withCompany ? [{ header: 'Compagnie', value: (r: TraceEntry) => r.company_name }] : []),
    { header: 'Utilisateur', value: (r) => r.username },
    { header: 'Nom', value: (r) => r.name },
    { header: 'Rôle', value: (r) => (r.role ? (ROLE_LABELS[r.role as Role] ?? r.role) : null) },
    { header: 'Action', value: (r) => auditActionLabel(r.action) },
    { header: 'Entité', value: (r) => r.entity },
    // A ticket's number, a person's username, a record's name (the internal id only when it has none).
    { header: 'Référence', value: (r) => r.entity_label ?? r.entity_id },
    { header: 'Changements', value: changesText },
    { header: 'Adresse IP', value: (r) => r.ip },
    { header: 'Navigateur', value: (r) => r.user_agent },
  ];
}

export const traceabilityRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of TRACE_KINDS) {
      route(app, traceabilityEndpoints[kind], async (request, reply) => {
        const q = request.query;
        if (q.format === 'csv') {
          const rows = await traceAll(database.raw, request, kind, q);
          return sendCsv(reply, `tracabilite-${LABEL[kind]}`, csvColumns(authOf(request).companyId === null), rows);
        }
        return tracePage(database.raw, request, kind, q);
      });
    }
  };
