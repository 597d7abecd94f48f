import { randomUUID } from 'node:crypto';
import type { Codename } from '@borlette/shared';
import { companyToday, createOpenTirage, enterResult, middayZone, sell } from '../../test/engine-fixtures';
import { createCompany, createUser, type TestContext } from '../../test/helpers';

/**
 * One company of the access matrix's world (A, ours, and B, the foreign one, are built by the same
 * function), with every kind of record a route takes the id of, and the markers its names carry.
 */

/** In every name and username of company B: found in one of A's answers = a leak. */
export const FOREIGN_MARKER = 'ZZFOREIGN';
/** In every name and username of company A: found in one of B's admin's answers = a leak. */
export const HOME_MARKER = 'ZZHOMEA';
/** In the name of A's agent that A's supervisor does not watch. */
export const UNSUPERVISED_MARKER = 'ZZUNSUP';
/** What the supervisor targeted by writes holds: more than staff holding only a route's codename. */
export const TARGET_SUPERVISOR_CODENAMES: readonly Codename[] = ['view_agent'];

export interface CompanyWorld {
  id: number;
  refCode: string;
  surcussale: number;
  /** A sub-branch the supervisor does not watch. */
  otherSurcussale: number;
  /** Agent of the watched sub-branch. */
  agent: { id: number; username: string };
  /** Agent of the other sub-branch, not assigned to the supervisor. */
  unsupervisedAgent: { id: number; username: string };
  /** A supervisor that is the target of writes (not an actor). */
  supervisor: number;
  tirage: number;
  /** A second draw, with a result (info-tirage) entered today. */
  settledTirage: number;
  lotto: number;
  infoTirage: number;
  fiche: { id: number; number: number; refCode: string };
  unsupervisedFiche: { id: number; number: number; refCode: string };
  primeTirage: number;
  primeSurcussale: number;
  primeAgent: number;
  unsupervisedPrimeAgent: number;
  limitGame: number;
  limitGameAgent: number;
  unsupervisedLimitGameAgent: number;
  limitBoule: number;
  limitBouleAgent: number;
  unsupervisedLimitBouleAgent: number;
  bouleBlock: number;
  intervalMa: number;
  limiteFiche: number;
  unsupervisedLimiteFiche: number;
  /** To the watched sub-branch. */
  message: number;
  /** To the other sub-branch: beyond the supervisor (issue 15). */
  unsupervisedMessage: number;
  walletEntry: number;
  unsupervisedWalletEntry: number;
  walletZero: number;
  unsupervisedWalletZero: number;
  invoice: number;
  companyPayment: number;
  today: string;
}

export async function buildCompany(t: TestContext, marker: string): Promise<CompanyWorld> {
  const { database } = t;
  const raw = database.raw;
  const tag = marker ? ` ${marker}` : '';
  const lower = marker.toLowerCase();
  const company = await createCompany(database, { name: `Compagnie${tag}` });
  await raw.query('UPDATE companies SET timezone = $2 WHERE id = $1', [company.id, middayZone()]);
  // Ticket numbers are per company (issue 15): each tenant numbers elsewhere, so that a foreign ticket's
  // number is not also one of the caller's own.
  await raw.query("SELECT setval(('fiche_number_c' || $1::bigint)::regclass, $2)", [
    company.id,
    1000 * (company.id + 1),
  ]);
  const one = async (sql: string, params: unknown[]) => (await raw.query<{ id: number }>(sql, params))[0].id;
  const surcussale = await one('INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id', [
    company.id,
    `Succursale Nord${tag}`,
  ]);
  const otherSurcussale = await one('INSERT INTO surcussales (company_id, name) VALUES ($1, $2) RETURNING id', [
    company.id,
    `Succursale Sud${tag}`,
  ]);
  const person = async (role: 'agent' | 'supervisor', name: string, surcussaleId: number | null) => {
    const u = await createUser(database, {
      role,
      companyId: company.id,
      fullAccess: role === 'agent',
      username: `${lower}_${name}_${company.id}`,
    });
    await raw.query('UPDATE users SET surcussale_id = $2, first_name = $3, last_name = $4 WHERE id = $1', [
      u.id,
      surcussaleId,
      name,
      `Nom${tag}`,
    ]);
    return u;
  };
  const agent = await person('agent', 'agentnord', surcussale);
  const unsupervisedAgent = await person('agent', `${UNSUPERVISED_MARKER.toLowerCase()}sud`, otherSurcussale);
  const supervisor = await person('supervisor', 'supcible', null);
  await raw.query('INSERT INTO user_permissions (user_id, codename) SELECT $1, unnest($2::text[])', [
    supervisor.id,
    [...TARGET_SUPERVISOR_CODENAMES],
  ]);
  await raw.query('INSERT INTO supervisor_surcussales (company_id, supervisor_id, surcussale_id) VALUES ($1, $2, $3)', [
    company.id,
    supervisor.id,
    surcussale,
  ]);
  const tirage = (await createOpenTirage(raw, company.id, `Tirage Ouvert${tag}`)).id;
  const settledTirage = (await createOpenTirage(raw, company.id, `Tirage Réglé${tag}`)).id;
  const lotto = await one('SELECT id FROM lotto_options WHERE company_id = $1 ORDER BY code LIMIT 1', [company.id]);

  const ticket = async (agentId: number, tirageId: number, n: string) => {
    const f = await sell(raw, {
      companyId: company.id,
      agentId,
      tirages: [tirageId],
      lines: [{ code: 20, number: n, stake: 1000 }],
      key: randomUUID(),
    });
    const [row] = await raw.query<{ ref_code: string }>('SELECT ref_code FROM fiches WHERE id = $1', [f.id]);
    return { id: Number(f.id), number: Number(f.number), refCode: row.ref_code };
  };
  const fiche = await ticket(agent.id, tirage, '23');
  const unsupervisedFiche = await ticket(unsupervisedAgent.id, tirage, '45');
  await ticket(agent.id, settledTirage, '67');
  const today = await companyToday(raw, company.id);
  await enterResult(database, {
    companyId: company.id,
    tirageId: settledTirage,
    date: today,
    pick3: '167',
    pick4: '6789',
  });
  const infoTirage = await one('SELECT id FROM info_tirages WHERE company_id = $1 AND tirage_id = $2', [
    company.id,
    settledTirage,
  ]);

  const prime = (level: string, column: string | null, target: number | null) =>
    one(
      `INSERT INTO primes (company_id, level, ${column ?? 'tirage_id'}, bolet_1) VALUES ($1, $2, $3, 60) RETURNING id`,
      [company.id, level, target],
    );
  const primeTirage = await prime('tirage', 'tirage_id', tirage);
  const primeSurcussale = await prime('surcussale', 'surcussale_id', surcussale);
  const primeAgent = await prime('agent', 'agent_id', agent.id);
  const unsupervisedPrimeAgent = await prime('agent', 'agent_id', unsupervisedAgent.id);

  const limit = (agentId: number | null, code: number, n: string | null) =>
    one(
      'INSERT INTO sale_limits (company_id, agent_id, code, number, max_amount) VALUES ($1, $2, $3, $4, 900000) RETURNING id',
      [company.id, agentId, code, n],
    );
  const limitGame = await limit(null, 30, null);
  const limitGameAgent = await limit(agent.id, 30, null);
  const unsupervisedLimitGameAgent = await limit(unsupervisedAgent.id, 30, null);
  const limitBoule = await limit(null, 20, '13');
  const limitBouleAgent = await limit(agent.id, 20, '14');
  const unsupervisedLimitBouleAgent = await limit(unsupervisedAgent.id, 20, '14');
  const bouleBlock = await one(
    "INSERT INTO boule_blocks (company_id, number, note) VALUES ($1, '00', $2) RETURNING id",
    [company.id, `Boule chaude${tag}`],
  );
  const intervalMa = await one(
    'INSERT INTO interval_mas (company_id, min_amount, max_amount, count) VALUES ($1, 5000, 24999, 1) RETURNING id',
    [company.id],
  );
  const limiteFiche = await one(
    'INSERT INTO limite_fiches (company_id, agent_id, max_amount) VALUES ($1, $2, 500000) RETURNING id',
    [company.id, agent.id],
  );
  const unsupervisedLimiteFiche = await one(
    'INSERT INTO limite_fiches (company_id, agent_id, max_amount) VALUES ($1, $2, 500000) RETURNING id',
    [company.id, unsupervisedAgent.id],
  );
  const announce = (title: string, audience: string, surcussaleId: number | null) =>
    one(
      `INSERT INTO messages (company_id, title, body, audience, surcussale_id, starts_at)
       VALUES ($1, $2, $3, $4, $5, now() - interval '1 hour') RETURNING id`,
      [company.id, `${title}${tag}`, `Texte de l’annonce${tag}`, audience, surcussaleId],
    );
  const message = await announce('Annonce', 'surcussale', surcussale);
  // A supervisor sees only messages whose whole audience it watches: neither the other sub-branch's
  // nor one to all agents (the marker finds them in a supervisor's answers).
  const unsupervisedMessage = await announce(`Annonce ${UNSUPERVISED_MARKER} sud`, 'surcussale', otherSurcussale);
  await announce(`Annonce ${UNSUPERVISED_MARKER} à tous`, 'all', null);
  const wallet = (agentId: number, kind: string, amount: number) =>
    one(
      `INSERT INTO wallet_entries (company_id, agent_id, kind, amount, note, business_date)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [company.id, agentId, kind, amount, `Versement${tag}`, today],
    );
  const walletEntry = await wallet(agent.id, 'deposit', -500);
  const unsupervisedWalletEntry = await wallet(unsupervisedAgent.id, 'deposit', -500);
  const balance = async (agentId: number) =>
    (
      await raw.query<{ s: number }>(
        'SELECT coalesce(sum(amount), 0)::bigint AS s FROM wallet_entries WHERE company_id = $1 AND agent_id = $2',
        [company.id, agentId],
      )
    )[0].s;
  const walletZero = await wallet(agent.id, 'zero', -(await balance(agent.id)));
  const unsupervisedWalletZero = await wallet(unsupervisedAgent.id, 'zero', -(await balance(unsupervisedAgent.id)));
  const invoice = await one(
    `INSERT INTO invoices (company_id, number, period_start, period_end, active_agents, price_per_agent, amount, due_date)
     VALUES ($1, $2, '2020-01-01', '2020-01-31', 2, 500, 1000, '2099-12-31') RETURNING id`,
    [company.id, `F-2020-01-${company.id}`],
  );
  const companyPayment = await one(
    `INSERT INTO company_payments (company_id, amount, method, reference, note)
     VALUES ($1, 1000, 'cash', $2, $3) RETURNING id`,
    [company.id, `REF${company.id}`, `Paiement${tag}`],
  );
  return {
    id: company.id,
    refCode: company.ref_code,
    surcussale,
    otherSurcussale,
    agent,
    unsupervisedAgent,
    supervisor: supervisor.id,
    tirage,
    settledTirage,
    lotto,
    infoTirage,
    fiche,
    unsupervisedFiche,
    primeTirage,
    primeSurcussale,
    primeAgent,
    unsupervisedPrimeAgent,
    limitGame,
    limitGameAgent,
    unsupervisedLimitGameAgent,
    limitBoule,
    limitBouleAgent,
    unsupervisedLimitBouleAgent,
    bouleBlock,
    intervalMa,
    limiteFiche,
    unsupervisedLimiteFiche,
    message,
    unsupervisedMessage,
    walletEntry,
    unsupervisedWalletEntry,
    walletZero,
    unsupervisedWalletZero,
    invoice,
    companyPayment,
    today,
  };
}
