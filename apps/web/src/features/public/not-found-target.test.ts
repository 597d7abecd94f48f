import { describe, expect, it } from 'vitest';
import { notFoundTarget } from './not-found-target';

describe('the 404 page link', () => {
  it('leads a signed-in back-office user to the dashboard', () => {
    expect(notFoundTarget({ signedIn: true, role: 'admin', hasPosSession: false })).toEqual({
      to: '/dashboard/app',
      label: 'buttonDashboard',
    });
    // A POS token in the same browser does not change it.
    expect(notFoundTarget({ signedIn: true, role: 'supervisor', hasPosSession: true }).to).toBe('/dashboard/app');
  });

  it('leads an agent to the point of sale', () => {
    expect(notFoundTarget({ signedIn: true, role: 'agent', hasPosSession: false })).toEqual({
      to: '/pos',
      label: 'buttonPos',
    });
    expect(notFoundTarget({ signedIn: false, role: null, hasPosSession: true }).to).toBe('/pos');
  });

  it('leads a visitor to the landing page', () => {
    expect(notFoundTarget({ signedIn: false, role: null, hasPosSession: false })).toEqual({ to: '/', label: 'button' });
  });
});
