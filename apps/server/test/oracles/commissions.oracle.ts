import type { BetCode } from '@borlette/shared/game/bets';
import {
  type CommissionRates,
  lineCommission,
  type PartialCommissionRates,
  resolveCommissionRates,
} from '@borlette/shared/game/commission';
import { commissionFor } from '@borlette/shared/game/money';
import { expect } from 'vitest';
import type { RawClient } from '../../src/db/client';
import { callAs, type TestContext } from '../helpers';
import type { Ask, Facts } from './reports.oracle';

/**
 * The commission per game as the oracle tests expect it (issue 20): the rates are set through the API and
 * recorded here, then every ticket's commission is recomputed from its lines with the rates in force at
 * its sale (shared game/commission.ts), independently of the engine's snapshot.
 */
export class CommissionModel {
  private company: PartialCommissionRates = {};
  private readonly surcussales = new Map<number, PartialCommissionRates>();
  private readonly agents = new Map<number, PartialCommissionRates>();
  /** The rates of each agent for each day (recorded with `freeze` before that day's sales). */
  private readonly byDay = new Map<string, Map<number, CommissionRates>>();

  constructor(
    private readonly t: TestContext,
    private readonly admin: string,
    /** Each agent: its sub-branch and its single rate (its own, else the company's). */
    private readonly people: Map<number, { surcussale: number; single: number }>,
  ) {}

  async set(
    body: {
      level: 'company' | 'surcussale' | 'agent';
      surcussale_id?: number;
      agent_id?: number;
    } & PartialCommissionRates,
  ) {
    const res = await callAs(this.t, 'PUT', '/api/companies/commissions', this.admin, body);
    expect(res.statusCode, res.body).toBe(200);
    const { level, surcussale_id, agent_id, ...rates } = body;
    // A PUT sets the level's five games (absent: inherit), so the model replaces the level whole.
    if (level === 'company') this.company = rates;
    else if (level === 'surcussale') this.surcussales.set(surcussale_id as number, rates);
    else this.agents.set(agent_id as number, rates);
  }

  rates(agent: number): CommissionRates {
    const p = this.people.get(agent);
    if (!p) throw new Error(`unknown agent ${agent}`);
    const levels = [this.agents.get(agent) ?? {}, this.surcussales.get(p.surcussale) ?? {}, this.company];
    return resolveCommissionRates(levels, p.single);
  }

  /** The rates in force for the sales of `day` (call after the day's last rate change, before it sells). */
  freeze(day: string) {
    this.byDay.set(day, new Map([...this.people.keys()].map((a) => [a, this.rates(a)])));
  }

  /**
   * Every ticket of the company: its lines' commission (snapshot) = stake × its game's rate of that
   * day, half up; its draws' = their lines'; its own = the sum. Answers the number of tickets checked.
   */
  async checkTickets(raw: RawClient, companyId: number): Promise<number> {
    const lines = await raw.query<{
      fiche: number;
      agent: number;
      day: string;
      code: number;
      stake: number;
      bp: number | null;
      amount: number;
      ticket: number;
    }>(
      `SELECT f.id AS fiche, f.agent_id AS agent, to_char(f.sale_date, 'YYYY-MM-DD') AS day, l.code::int AS code,
              l.stake, l.commission_bp AS bp, l.commission_amount AS amount, f.commission_amount AS ticket
         FROM fiches f JOIN fiche_lines l ON l.fiche_id = f.id AND l.company_id = f.company_id
        WHERE f.company_id = $1 ORDER BY f.id, l.id`,
      [companyId],
    );
    const sums = new Map<number, { expected: number; ticket: number }>();
    for (const l of lines) {
      const rates = this.byDay.get(l.day)?.get(l.agent);
      if (!rates) throw new Error(`no rates frozen for ${l.day}`);
      const expected = lineCommission(l.code as BetCode, l.stake, rates);
      expect(l.amount, `ticket ${l.fiche} line ${l.code}`).toBe(expected);
      const s = sums.get(l.fiche) ?? { expected: 0, ticket: l.ticket };
      s.expected += expected;
      sums.set(l.fiche, s);
    }
    for (const [fiche, s] of sums) expect(s.ticket, `ticket ${fiche}`).toBe(s.expected);
    return sums.size;
  }
}

/** A supervisor's commission on some sales: × its rate, half up (no rate: 0). */
export const supervisorCommission = (sales: number, bp: number | null) => commissionFor(sales, bp ?? 0);

/**
 * The supervisors' commission as every screen must show it (issue 20 §3), from the raw tickets: per
 * supervisor with a rate, agent it watches, day and draw, the active tickets' sales of that draw × its
 * rate, half up; summed per group key of `a` (String(key), as expectedRows), under `a`'s period,
 * filters and visible agents, and for `a.supervisor` alone when one is read.
 */
export function expectedSupervisorCommission(
  facts: Facts,
  a: Ask,
  rates: Map<number, number | null>,
  watch: Map<number, Set<number>>,
): Map<string, number> {
  const sales = new Map<string, { agent: number; surc: number | null; day: string; tirage: number; sales: number }>();
  for (const t of facts.tickets) {
    if (!t.active || t.day < a.start || t.day > a.end) continue;
    if ((a.agent !== undefined && t.agent !== a.agent) || (a.surc !== undefined && t.surc !== a.surc)) continue;
    if (a.visible && !a.visible.has(t.agent)) continue;
    for (const d of t.draws) {
      if (a.tirage !== undefined && d.tirage !== a.tirage) continue;
      const k = `${t.agent}|${t.day}|${d.tirage}`;
      const u = sales.get(k) ?? { agent: t.agent, surc: t.surc, day: t.day, tirage: d.tirage, sales: 0 };
      u.sales += d.amount;
      sales.set(k, u);
    }
  }
  const out = new Map<string, number>();
  for (const [sup, agents] of watch) {
    if (a.supervisor !== undefined && sup !== a.supervisor) continue;
    for (const u of sales.values()) {
      if (!agents.has(u.agent)) continue;
      const part = supervisorCommission(u.sales, rates.get(sup) ?? null);
      if (part === 0) continue;
      const g = { agent: u.agent, surcussale: u.surc, tirage: u.tirage, day: u.day, supervisor: sup }[a.group];
      out.set(String(g), (out.get(String(g)) ?? 0) + part);
    }
  }
  return out;
}

/** The sum of a map's values (a totals line). */
export const sumOf = (m: Map<string, number>) => [...m.values()].reduce((n, v) => n + v, 0);
