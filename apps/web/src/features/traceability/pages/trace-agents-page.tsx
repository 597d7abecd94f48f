import { TracePage } from './trace-page';

export default function TraceAgentsPage() {
  return <TracePage kind="agents" />;
}
