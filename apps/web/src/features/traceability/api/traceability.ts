import type { TraceKind } from '@borlette/shared/contracts/traceability';

export const TRACE_KEY = ['traceability'] as const;

export const TRACE_TITLES: Record<TraceKind, string> = {
  agents: 'nav:trace_agent',
  supervisors: 'nav:trace_supervisor',
  companies: 'nav:trace_company',
};
