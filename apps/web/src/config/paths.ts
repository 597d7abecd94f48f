import { screenPath } from '@borlette/shared/routes';

/**
 * Every path the app links to, in one place (docs/spec.md §2). Dashboard paths are checked against
 * DASHBOARD_SCREENS by `screenPath` (a typo fails to compile).
 */
export const paths = {
  home: '/',
  aboutUs: '/about-us',
  contactUs: '/contact-us',
  faqs: '/faqs',
  page404: '/404',
  ficheView: (refCode: string) => `/fiche-view/${encodeURIComponent(refCode)}`,
  pos: '/pos',
  auth: {
    login: '/auth/login',
  },
  dashboard: {
    root: '/dashboard',
    app: screenPath('/dashboard/app'),
    account: screenPath('/dashboard/user/account'),
    rapports: {
      vente: screenPath('/dashboard/rapports'),
      journalier: screenPath('/dashboard/rapports/journalier'),
      agent: screenPath('/dashboard/rapports/agent'),
      limiteFiche: screenPath('/dashboard/rapports/limiteFiche'),
    },
    transactions: screenPath('/dashboard/transactions'),
    collections: screenPath('/dashboard/collections'),
    borlette: {
      blocageBoule: screenPath('/dashboard/borlette/blocage-boule'),
      statistiques: screenPath('/dashboard/borlette/statistiques'),
      lotto: screenPath('/dashboard/borlette/lotto'),
      fiches: screenPath('/dashboard/borlette/list-fiches'),
      fichesGagnants: screenPath('/dashboard/borlette/list-fiches-gagnants'),
      fichesPayant: screenPath('/dashboard/borlette/list-fiches-payant'),
      fichesSupprimer: screenPath('/dashboard/borlette/list-fiches-supprimer'),
    },
    limites: {
      game: screenPath('/dashboard/borlette-configuration/limite-game'),
      gameAgent: screenPath('/dashboard/borlette-configuration/limite-game-per-agent'),
      boule: screenPath('/dashboard/borlette-configuration/limite-boule'),
      bouleAgent: screenPath('/dashboard/borlette-configuration/limite-boule-per-agent'),
      intervalMa: screenPath('/dashboard/borlette-configuration/interval-ma'),
    },
    tirage: {
      list: screenPath('/dashboard/tirage/list'),
      automatique: screenPath('/dashboard/tirage/automatique'),
      resultats: screenPath('/dashboard/tirage/resultats'),
      primeGenerale: screenPath('/dashboard/tirage/configuration/generale'),
      primeGeneraleList: screenPath('/dashboard/tirage/configuration/generale/list'),
      prime: (type: 'agent' | 'tirage' | 'surcussale') => `/dashboard/tirage/configuration/${type}`,
      infotirage: screenPath('/dashboard/tirage/infotirage'),
      commissions: screenPath('/dashboard/tirage/commissions'),
    },
    user: {
      traceAgent: screenPath('/dashboard/user/tracabilite-agent'),
      traceCompany: screenPath('/dashboard/user/tracabilite-company'),
      traceSupervisor: screenPath('/dashboard/user/tracabilite-supervisor'),
      generateAgent: screenPath('/dashboard/user/generate-agent'),
      messages: screenPath('/dashboard/user/message-push'),
      pays: screenPath('/dashboard/user/pays'),
    },
    agent: { list: screenPath('/dashboard/agent'), new: screenPath('/dashboard/agent/new') },
    limiteFiche: screenPath('/dashboard/limiteFiche'),
    terminals: screenPath('/dashboard/terminals'),
    riskRules: screenPath('/dashboard/risk-rules'),
    alerts: screenPath('/dashboard/alerts'),
    exposure: screenPath('/dashboard/exposure'),
    resultProviders: {
      list: screenPath('/dashboard/result-providers'),
      calendar: screenPath('/dashboard/result-providers/calendar'),
    },
    companySettings: screenPath('/dashboard/parametres'),
    supervisor: { list: screenPath('/dashboard/supervisor'), new: screenPath('/dashboard/supervisor/new') },
    company: {
      list: screenPath('/dashboard/company'),
      new: screenPath('/dashboard/company/new'),
      facturation: screenPath('/dashboard/company/facturation'),
      payFacturation: screenPath('/dashboard/company/pay-facturation'),
      payment: screenPath('/dashboard/company/payment'),
    },
    generale: { list: screenPath('/dashboard/generale'), new: screenPath('/dashboard/generale/new') },
    contacts: screenPath('/dashboard/contacts'),
    surcussale: { list: screenPath('/dashboard/surcussale'), new: screenPath('/dashboard/surcussale/new') },
  },
} as const;
