import { paths } from './paths';

/**
 * The sidebar as data (docs/spec.md §2 "Sidebar groups"). Every item points at a DASHBOARD_SCREENS path
 * and takes its permission from there; labels are keys of the "nav" namespace (`groups.*`, `items.*`).
 */
export type NavIcon =
  | 'dashboard'
  | 'tirage'
  | 'tirageAuto'
  | 'lotto'
  | 'prime'
  | 'mariage'
  | 'supervisor'
  | 'message'
  | 'pays'
  | 'company'
  | 'payment'
  | 'generale'
  | 'agent'
  | 'generateAgent'
  | 'limiteFiche'
  | 'terminal'
  | 'lots'
  | 'blocage'
  | 'stats'
  | 'alerts'
  | 'risk'
  | 'limit'
  | 'trace'
  | 'transactions'
  | 'facturation'
  | 'succursale'
  | 'report'
  | 'fiche'
  | 'account'
  | 'settings'
  | 'resultProviders'
  | 'drawCalendar';

export interface NavItem {
  /** Label key: `nav:items.<key>`. */
  key: string;
  path: string;
  /** Where the superuser goes instead (docs/spec.md §6: Prime Generale goes to the list version). */
  superuserPath?: string;
  icon: NavIcon;
}

export interface NavGroup {
  /** Subheader key: `nav:groups.<key>`. */
  key: string;
  superuserOnly?: boolean;
  hideForSuperuser?: boolean;
  items: NavItem[];
}

const d = paths.dashboard;

export const NAV: NavGroup[] = [
  { key: 'dashboard', items: [{ key: 'app', path: d.app, icon: 'dashboard' }] },
  {
    key: 'configuration',
    items: [
      { key: 'tirages', path: d.tirage.list, icon: 'tirage' },
      { key: 'tirageAuto', path: d.tirage.automatique, icon: 'tirageAuto' },
      { key: 'results', path: d.tirage.resultats, icon: 'tirageAuto' },
      { key: 'lotto', path: d.borlette.lotto, icon: 'lotto' },
      { key: 'primeGenerale', path: d.tirage.primeGenerale, superuserPath: d.tirage.primeGeneraleList, icon: 'prime' },
      { key: 'primeAgent', path: d.tirage.prime('agent'), icon: 'prime' },
      { key: 'primeTirage', path: d.tirage.prime('tirage'), icon: 'prime' },
      { key: 'primeSuccursale', path: d.tirage.prime('surcussale'), icon: 'prime' },
      { key: 'commissions', path: d.tirage.commissions, icon: 'prime' },
      { key: 'mariageGratuit', path: d.limites.intervalMa, icon: 'mariage' },
      { key: 'superviseur', path: d.supervisor.list, icon: 'supervisor' },
      { key: 'message', path: d.user.messages, icon: 'message' },
      { key: 'pays', path: d.user.pays, icon: 'pays' },
      { key: 'parametres', path: d.companySettings, icon: 'settings' },
    ],
  },
  {
    key: 'compagnie',
    superuserOnly: true,
    items: [
      { key: 'compagnies', path: d.company.list, icon: 'company' },
      { key: 'paiements', path: d.company.payment, icon: 'payment' },
      { key: 'resultProviders', path: d.resultProviders.list, icon: 'resultProviders' },
      { key: 'drawCalendar', path: d.resultProviders.calendar, icon: 'drawCalendar' },
    ],
  },
  {
    key: 'generale',
    items: [
      { key: 'generales', path: d.generale.list, icon: 'generale' },
      { key: 'contacts', path: d.contacts, icon: 'message' },
    ],
  },
  {
    key: 'vendeur',
    items: [
      { key: 'vendeurs', path: d.agent.list, icon: 'agent' },
      { key: 'generateAgent', path: d.user.generateAgent, icon: 'generateAgent' },
      { key: 'limiteFiche', path: d.limiteFiche, icon: 'limiteFiche' },
      { key: 'terminals', path: d.terminals, icon: 'terminal' },
    ],
  },
  {
    key: 'surveillance',
    items: [
      { key: 'lotsGagnants', path: d.tirage.infotirage, icon: 'lots' },
      { key: 'blocage', path: d.borlette.blocageBoule, icon: 'blocage' },
      { key: 'statistiques', path: d.borlette.statistiques, icon: 'stats' },
      { key: 'exposure', path: d.exposure, icon: 'risk' },
      { key: 'limiteGame', path: d.limites.game, icon: 'limit' },
      { key: 'limiteGameAgent', path: d.limites.gameAgent, icon: 'limit' },
      { key: 'limiteBoule', path: d.limites.boule, icon: 'limit' },
      { key: 'limiteBouleAgent', path: d.limites.bouleAgent, icon: 'limit' },
      { key: 'riskRules', path: d.riskRules, icon: 'limit' },
      { key: 'traceAgent', path: d.user.traceAgent, icon: 'trace' },
      { key: 'traceSupervisor', path: d.user.traceSupervisor, icon: 'trace' },
      { key: 'traceCompany', path: d.user.traceCompany, icon: 'trace' },
      { key: 'transactions', path: d.transactions, icon: 'transactions' },
      { key: 'collections', path: d.collections, icon: 'transactions' },
      { key: 'alerts', path: d.alerts, icon: 'alerts' },
      { key: 'facturation', path: d.company.facturation, icon: 'facturation' },
    ],
  },
  { key: 'succursale', items: [{ key: 'succursales', path: d.surcussale.list, icon: 'succursale' }] },
  {
    key: 'rapports',
    items: [
      { key: 'rapportVente', path: d.rapports.vente, icon: 'report' },
      { key: 'rapportPartiel', path: d.rapports.journalier, icon: 'report' },
      { key: 'rapportAgent', path: d.rapports.agent, icon: 'report' },
      { key: 'rapportLimiteFiche', path: d.rapports.limiteFiche, icon: 'report' },
      { key: 'fiches', path: d.borlette.fiches, icon: 'fiche' },
      { key: 'fichesGagnants', path: d.borlette.fichesGagnants, icon: 'fiche' },
      { key: 'fichesPayant', path: d.borlette.fichesPayant, icon: 'fiche' },
      { key: 'fichesSupprimer', path: d.borlette.fichesSupprimer, icon: 'fiche' },
    ],
  },
  { key: 'monCompte', hideForSuperuser: true, items: [{ key: 'account', path: d.account, icon: 'account' }] },
];
