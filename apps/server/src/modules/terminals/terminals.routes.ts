import { terminalsEndpoints as api, type Terminal } from '@borlette/shared/contracts/terminals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { companyForWrite } from '../../http/auth';
import { contextOf } from '../../http/context';
import { route } from '../../http/route';
import { type CsvColumn, queryAll, queryPage, sendCsv } from '../_lib/list';
import { heartbeat, renameTerminal, setTerminalState } from './terminals.service';
import { terminalList, withoutCompany } from './terminals-query';

const STATE_LABELS: Record<Terminal['state'], string> = {
  pending: 'En attente',
  approved: 'Approuvé',
  revoked: 'Révoqué',
};

const csvColumns: CsvColumn<Terminal>[] = [
  { header: 'Vendeur', value: (r) => r.agent_name },
  { header: 'Identifiant', value: (r) => r.agent_username },
  { header: 'Succursale', value: (r) => r.surcussale_name },
  { header: 'Nom', value: (r) => r.name },
  { header: 'Premier accès', value: (r) => r.first_seen_at },
  { header: 'Dernier accès', value: (r) => r.last_seen_at },
  { header: 'Adresse', value: (r) => r.last_ip },
  { header: 'Version', value: (r) => r.pos_version },
  { header: 'État', value: (r) => STATE_LABELS[r.state] },
  { header: 'En ligne', value: (r) => (r.online ? 'oui' : 'non') },
  { header: 'Navigateur', value: (r) => r.user_agent },
];

/** The agents' devices (issue 20 §1): list, approve, revoke, rename; the POS's heartbeat. */
export const terminalsRoutes =
  ({ database }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { raw } = database;

    route(app, api.list, async (request, reply) => {
      const q = request.query;
      const list = terminalList(request, q);
      if (q.format === 'csv') return sendCsv(reply, 'terminaux', csvColumns, await queryAll(raw, list, q));
      const page = await queryPage(raw, list, q);
      return { ...page, results: page.results.map(withoutCompany) };
    });

    route(app, api.approve, async (request) =>
      setTerminalState(database, contextOf(request), companyForWrite(request), request.body.id, 'approved'),
    );

    route(app, api.revoke, async (request) =>
      setTerminalState(database, contextOf(request), companyForWrite(request), request.body.id, 'revoked'),
    );

    route(app, api.rename, async (request) =>
      renameTerminal(database, contextOf(request), companyForWrite(request), request.body.id, request.body.name),
    );

    route(app, api.heartbeat, async (request) => heartbeat(raw, contextOf(request), request.body.pos_version));
  };
