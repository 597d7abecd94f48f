import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { CompanyRequired } from '../../components/company-required';
import { CompanyMenuList } from '../../features/shell/components/company-menu-list';

const nothing = () => {};

/** The guard's page: the shell's company list without « Toutes ». Choosing reloads the user, and the
 * screen then renders with its company (nothing to navigate). */
export default function ChooseCompany({ user }: { user: CurrentUser }) {
  return <CompanyRequired picker={<CompanyMenuList user={user} withAll={false} onDone={nothing} />} />;
}
