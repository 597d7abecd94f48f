import { AgentReportView } from './agent-report-page';

/** /dashboard/rapports/limiteFiche: the spec says it « shows the agent report ». */
export default function LimiteFicheReportPage() {
  return <AgentReportView titleKey="nav:rapports_limite_fiche" />;
}
