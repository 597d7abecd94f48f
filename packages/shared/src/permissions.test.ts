import { describe, expect, it } from 'vitest';
import {
  ALERT_CODENAMES,
  ALL_CODENAMES,
  COLLECTION_CODENAMES,
  COMPANY_CODENAMES,
  EXPOSURE_CODENAMES,
  FICHE_CODENAMES,
  GRANTABLE_PERMISSIONS,
  isCodename,
  PLATFORM_CODENAMES,
  RESULT_CODENAMES,
  RESULT_PROVIDER_CODENAMES,
  RISK_RULE_CODENAMES,
  ROLE_DEFAULT_PERMISSIONS,
  TERMINAL_CODENAMES,
} from './permissions';
import { DASHBOARD_SCREENS } from './routes';

// docs/spec.md §6, copied as written: the contract the codenames must match.
const SPEC_CRUD =
  'agent, supervisor, company, generale, surcussale, lotto, tirage, infotirage, tauxtirage, agenttauxtirage, tiragetauxtirage, typegame, typegameagent, typeboule, typebouleagent, bouleblock, apppromote, country, payment, wallettransaction';
const SPEC_OTHER =
  'view_fichevente, view_supervisor, view_traceagentaction, view_tracecompanyaction, view_tracesupervisoraction, add_tirage_auto, view_graphe, view_app_report, view_app_lot_gagnant, view_statistique, view_report_vente, view_report_partiel, view_report_agent, view_lot_gagnant_partiel, view_fiche_win, view_fiche_delete, block_tirage, block_sup, block_suc, block_agent, block_boule, block_option, block_limite_game, block_limite_game_agent, block_limite_boule, block_limite_boule_agent, change_password_sup, change_password_agent, change_password, reactivate_fiche, change_logo, option_plus, mariage_free, change_user_info';

describe('permission codenames', () => {
  const spec = [
    ...SPEC_CRUD.split(', ').flatMap((e) => [`view_${e}`, `add_${e}`, `change_${e}`]),
    ...SPEC_OTHER.split(', '),
  ];

  it('holds every codename of the spec, once', () => {
    for (const c of spec) expect(isCodename(c), c).toBe(true);
    expect(new Set(ALL_CODENAMES).size).toBe(ALL_CODENAMES.length);
  });

  it('adds nothing beyond the spec but the pos_ codenames of agents, the ticket actions, terminals, collections, risk rules, alerts, exposure and the results pipeline', () => {
    const ours = [
      ...FICHE_CODENAMES,
      ...TERMINAL_CODENAMES,
      ...COLLECTION_CODENAMES,
      ...RISK_RULE_CODENAMES,
      ...ALERT_CODENAMES,
      ...EXPOSURE_CODENAMES,
    ];
    const extra = ALL_CODENAMES.filter((c) => !spec.includes(c));
    expect(extra.filter((c) => !c.startsWith('pos_')).sort()).toEqual(
      [...ours, ...RESULT_CODENAMES, ...RESULT_PROVIDER_CODENAMES].sort(),
    );
    for (const c of ours) expect(ROLE_DEFAULT_PERMISSIONS.company).toContain(c);
    for (const c of [...RESULT_CODENAMES, ...RESULT_PROVIDER_CODENAMES]) {
      expect(PLATFORM_CODENAMES).toContain(c);
      expect(ROLE_DEFAULT_PERMISSIONS.superuser).toContain(c);
    }
  });

  it('gives a company admin every company codename and no platform one', () => {
    const company = new Set(ROLE_DEFAULT_PERMISSIONS.company);
    for (const p of PLATFORM_CODENAMES) expect(company.has(p), p).toBe(false);
    expect(company.has('view_agent')).toBe(true);
    expect(company.has('block_sup')).toBe(true);
  });

  it('lets a supervisor be granted only company codenames, and starts it with none', () => {
    expect(ROLE_DEFAULT_PERMISSIONS.supervisor).toEqual([]);
    expect(GRANTABLE_PERMISSIONS.supervisor).toEqual(COMPANY_CODENAMES);
    expect(GRANTABLE_PERMISSIONS.supervisor).not.toContain('add_company');
  });

  it('gives the superuser every back-office codename and agents only selling', () => {
    expect(ROLE_DEFAULT_PERMISSIONS.superuser.length).toBe(ALL_CODENAMES.length - 4);
    expect(ROLE_DEFAULT_PERMISSIONS.agent.every((c) => c.startsWith('pos_'))).toBe(true);
  });
});

describe('the screen table of docs/spec.md §2', () => {
  it('gates every screen with a known codename or none, and lists each path once', () => {
    const paths = DASHBOARD_SCREENS.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const s of DASHBOARD_SCREENS) if (s.permission) expect(isCodename(s.permission), s.path).toBe(true);
  });

  it.each([
    ['/dashboard/rapports', 'view_report_vente'],
    ['/dashboard/transactions', 'view_wallettransaction'],
    ['/dashboard/transactions/new', 'add_wallettransaction'],
    ['/dashboard/borlette/blocage-boule/new', 'add_bouleblock'],
    ['/dashboard/borlette/lotto/:optionId/edit', 'change_lotto'],
    ['/dashboard/borlette/list-fiches', 'view_fichevente'],
    ['/dashboard/borlette/list-fiches-payant', 'view_fiche_win'],
    ['/dashboard/borlette/list-fiches-supprimer', 'view_fiche_delete'],
    ['/dashboard/borlette-configuration/limite-boule-per-agent/new', 'add_typebouleagent'],
    ['/dashboard/borlette-configuration/interval-ma', 'add_typegame'],
    ['/dashboard/tirage/automatique', 'add_tirage_auto'],
    ['/dashboard/tirage/configuration/generale', 'view_tauxtirage'],
    ['/dashboard/tirage/configuration/:type', 'view_agenttauxtirage'],
    ['/dashboard/user/generate-agent', 'add_agent'],
    ['/dashboard/user/tracabilite-supervisor', 'view_tracesupervisoraction'],
    ['/dashboard/user/account', null],
    ['/dashboard/app', null],
  ])('%s needs %s (docs/spec.md §2)', (path, permission) => {
    expect(DASHBOARD_SCREENS.find((s) => s.path === path)?.permission).toBe(permission);
  });
});
