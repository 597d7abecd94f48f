import {
  ALERT_FIGURE_LABELS,
  ALERT_KIND_LABELS,
  type Alert,
  alertEndpoints as api,
} from '@borlette/shared/contracts/alerts';
import { centimesCell, toCentimes } from '@borlette/shared/contracts/money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { saveAlertSettings, setAlertState } from './alerts.service';
import { alertList, countNew, readAlertSettings, withoutCompany } from './alerts-query';

const STATES: Record<Alert['state'], string> = { new: 'Nouvelle', seen: 'Vue', closed: 'Close' };
const SEVERITIES: Record<Alert['severity'], string> = { low: 'Faible', medium: 'Moyenne', high: 'Haute' };

const local = (iso: string, timezone: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: timezone, dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(iso),
  );

/** The figures as « clé : valeur » (amounts in the company's currency, exact). */
const figures = (r: Alert) =>
  Object.entries(r.evidence.figures)
    .map(
      ([k, v]) =>
        `${ALERT_FIGURE_LABELS[k] ?? k} : ${k.endsWith('_amount') && typeof v === 'string' ? centimesCell(toCentimes(v)) : (v ?? '')}`,
    )
    .join(' ; ');

const csvColumns: CsvColumn<Alert>[] = [
  { header: 'N°', value: (r) => r.id },
  { header: 'Levée le', value: (r) => local(r.created_at, r.timezone) },
  { header: 'Type', value: (r) => ALERT_KIND_LABELS[r.kind] },
  { header: 'Gravité', value: (r) => SEVERITIES[r.severity] },
  { header: 'État', value: (r) => STATES[r.state] },
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Tirage', value: (r) => r.tirage_name },
  { header: 'Date', value: (r) => r.draw_date },
  { header: 'Fiches', value: (r) => r.evidence.fiches.map((f) => f.number).join(' ') },
  { header: 'Éléments', value: figures },
  { header: 'Devise', value: (r) => r.currency },
  { header: 'Note', value: (r) => r.note },
  { header: 'Par', value: (r) => r.changed_by_name },
];

/** Anomaly alerts (contracts/alerts.ts): list (CSV), the badge's count, state changes, settings. */
export const alertsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const list = alertList(request, q);
      if (q.format === 'csv') {
        return sendCsv(reply, 'alertes', csvColumns, (await queryAll(raw, list, q)).map(withoutCompany));
      }
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.count, async (request) => ({ new: await countNew(raw, request) }));

    route(app, api.setState, async (request) =>
      setAlertState(database, contextOf(request), request.params.id, request.body),
    );

    route(app, api.settings, async (request) => readAlertSettings(raw, companyForWrite(request)));

    route(app, api.saveSettings, async (request) => saveAlertSettings(database, contextOf(request), request.body));
  };
