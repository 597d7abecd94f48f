import { TracePage } from './trace-page';

export default function TraceCompaniesPage() {
  return <TracePage kind="companies" />;
}
