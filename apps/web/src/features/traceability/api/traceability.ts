import type { TraceKind } from '@borlette/shared/contracts/traceability';
import type { Codename } from '@borlette/shared/permissions';

export const TRACE_KEY = ['traceability'] as const;
export const traceUrl = (kind: TraceKind) => `/api/companies/tracabilites-${kind}`;

/** Sort keys the endpoints accept (server whitelist). */
export const TRACE_SORTS = { at: 'at', username: 'username', action: 'action', entity: 'entity' } as const;

export const TRACE_TITLES: Record<TraceKind, string> = {
  agents: 'nav:trace_agent',
  supervisors: 'nav:trace_supervisor',
  companies: 'nav:trace_company',
};

export const TRACE_PERMISSION: Record<TraceKind, Codename> = {
  agents: 'view_traceagentaction',
  supervisors: 'view_tracesupervisoraction',
  companies: 'view_tracecompanyaction',
};
