import type { CurrentUser } from '@borlette/shared/contracts/auth';

/** The name shown for the current company; the superuser may be looking at all of them ('all'). */
export function companyLabel(user: CurrentUser, allLabel: string): string {
  if (user.company) return user.company.companyname;
  if (user.role === 'superuser')
    return !user.select_company || user.select_company === 'all' ? allLabel : user.select_company;
  return user.companyname;
}
