import { TracePage } from './trace-page';

export default function TraceSupervisorsPage() {
  return <TracePage kind="supervisors" />;
}
