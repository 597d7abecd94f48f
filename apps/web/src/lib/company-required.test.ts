import { DASHBOARD_SCREENS } from '@borlette/shared/routes';
import { describe, expect, it } from 'vitest';
import { mustChooseCompany, screenNeedsOneCompany } from './company-required';

const needing = DASHBOARD_SCREENS.filter(screenNeedsOneCompany).map((s) => s.path);

describe('screenNeedsOneCompany', () => {
  it('covers every create/edit page of a company record', () => {
    expect(needing.sort()).toEqual(
      [
        '/dashboard/agent/:agentId/edit',
        '/dashboard/agent/new',
        '/dashboard/borlette-configuration/interval-ma/new',
        '/dashboard/borlette-configuration/limite-boule-per-agent/:typeBouleAgentId/edit',
        '/dashboard/borlette-configuration/limite-boule-per-agent/new',
        '/dashboard/borlette-configuration/limite-boule/:typeBouleId/edit',
        '/dashboard/borlette-configuration/limite-boule/new',
        '/dashboard/borlette-configuration/limite-game-per-agent/:typeGameAgentId/edit',
        '/dashboard/borlette-configuration/limite-game-per-agent/new',
        '/dashboard/borlette-configuration/limite-game/:typeGameId/edit',
        '/dashboard/borlette-configuration/limite-game/new',
        '/dashboard/borlette/blocage-boule/new',
        '/dashboard/borlette/lotto/:optionId/edit',
        '/dashboard/borlette/lotto/new',
        '/dashboard/limiteFiche/new',
        '/dashboard/parametres',
        '/dashboard/risk-rules',
        '/dashboard/supervisor/:supervisorId/edit',
        '/dashboard/supervisor/new',
        '/dashboard/surcussale/:surcussaleId/edit',
        '/dashboard/surcussale/new',
        '/dashboard/tirage/:tirageId/edit',
        '/dashboard/tirage/configuration/:type/:configurationId/edit',
        '/dashboard/tirage/configuration/:type/new',
        '/dashboard/tirage/configuration/generale',
        '/dashboard/tirage/infotirage/:infoTirageId/edit',
        '/dashboard/tirage/infotirage/new',
        '/dashboard/tirage/new',
        '/dashboard/transactions/new',
        '/dashboard/user/generate-agent',
        '/dashboard/user/message-push/:messageId/edit',
        '/dashboard/user/message-push/new',
      ].sort(),
    );
  });

  it('leaves the platform records, the lists and the reports alone', () => {
    for (const path of [
      '/dashboard/company/new',
      '/dashboard/company/payment/new',
      '/dashboard/generale/new',
      '/dashboard/user/pays/new',
      '/dashboard/tirage/automatique',
      '/dashboard/agent',
      '/dashboard/rapports',
      '/dashboard/tirage/configuration/generale/list',
    ]) {
      const screen = DASHBOARD_SCREENS.find((s) => s.path === path);
      expect(screen, path).toBeDefined();
      expect(screenNeedsOneCompany(screen ?? { path }), path).toBe(false);
    }
  });
});

describe('mustChooseCompany', () => {
  const screen = { path: '/dashboard/agent/new' };
  const company = {
    ref_code: 'C1',
    companyname: 'Demo',
    logo: null,
    timezone: 'UTC',
    currency: 'HTG',
    country_code: 'HT',
  };

  it('asks only the superuser on « Toutes »', () => {
    expect(mustChooseCompany({ role: 'superuser', company: null }, screen)).toBe(true);
    expect(mustChooseCompany({ role: 'superuser', company }, screen)).toBe(false);
    expect(mustChooseCompany({ role: 'company', company }, screen)).toBe(false);
    expect(mustChooseCompany({ role: 'supervisor', company }, screen)).toBe(false);
  });
});
