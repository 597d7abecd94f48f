/**
 * Where the 404 page leads back to: a signed-in back-office user to its dashboard, an agent (a POS
 * session, or an agent's back-office session) to the point of sale, anyone else to the landing page.
 */
export function notFoundTarget(input: { signedIn: boolean; role: string | null; hasPosSession: boolean }): {
  to: string;
  label: 'button' | 'buttonDashboard' | 'buttonPos';
} {
  if (input.signedIn && input.role !== 'agent') return { to: '/dashboard/app', label: 'buttonDashboard' };
  if ((input.signedIn && input.role === 'agent') || input.hasPosSession) return { to: '/pos', label: 'buttonPos' };
  return { to: '/', label: 'button' };
}
