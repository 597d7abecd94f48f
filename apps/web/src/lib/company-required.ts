import type { CurrentUser } from '@borlette/shared/contracts/auth';
import type { ScreenDef } from '@borlette/shared/routes';

/*
 * The superuser with « Toutes » reads every company but writes into one (the server's
 * companyForWrite). A screen that creates or edits a company's record therefore asks for the company
 * before it shows anything: one rule here, one guard in the router (app/routes/guards.tsx).
 */

/** Platform records: they belong to no company, so « Toutes » is the right place to edit them. */
const PLATFORM_BASES = ['/dashboard/company', '/dashboard/generale', '/dashboard/user/pays'];

/** One-record pages of a company that are forms without `new`/`edit` in their path. */
const COMPANY_FORMS = new Set([
  '/dashboard/user/generate-agent',
  '/dashboard/parametres',
  '/dashboard/risk-rules',
  '/dashboard/tirage/configuration/generale',
]);

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);

/** Does this screen write into a single company (so « Toutes » cannot fill it)? */
export function screenNeedsOneCompany(screen: Pick<ScreenDef, 'path' | 'superuserOnly'>): boolean {
  if (screen.superuserOnly) return false; // the platform's own screens (companies, billing, automatic draws)
  if (PLATFORM_BASES.some((base) => under(screen.path, base))) return false;
  return /\/(new|edit)$/.test(screen.path) || COMPANY_FORMS.has(screen.path);
}

/** The superuser on « Toutes » (no acting company) opening such a screen must choose a company first. */
export function mustChooseCompany(
  user: Pick<CurrentUser, 'role' | 'company'>,
  screen: Pick<ScreenDef, 'path' | 'superuserOnly'>,
): boolean {
  return user.role === 'superuser' && !user.company && screenNeedsOneCompany(screen);
}
