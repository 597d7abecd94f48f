import type { CurrentUser } from '@borlette/shared/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { location, renderPage, stubFetch } from '../../../../test/render';
import layout from '../../../locales/fr/layout.json';
import { ALERTS_POLL_MS, AlertsBadge } from './alerts-badge';

i18n.addResourceBundle('fr', 'layout', layout);

const user = (codenames: string[]): CurrentUser => ({
  id: 1,
  username: 'admin',
  first_name: 'A',
  last_name: 'B',
  companyname: 'C',
  user_photo: null,
  role: 'company',
  perms: codenames.map((codename) => ({ codename })),
  select_company: null,
  select_country_code: null,
  time_zone: 'America/Port-au-Prince',
  company: null,
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the top bar’s alerts badge', () => {
  it('shows how many alerts are new, polls every 30 s, and opens the alerts page', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let count = 3;
    const fetch = stubFetch(() => ({ body: { new: count } }));
    renderPage(<AlertsBadge user={user(['view_alert'])} />);
    const bell = await screen.findByRole('link', { name: '3 alertes nouvelles' });
    expect(String(fetch.mock.calls[0][0])).toContain('/api/companies/alerts/count');
    count = 1;
    await vi.advanceTimersByTimeAsync(ALERTS_POLL_MS);
    await screen.findByRole('link', { name: '1 alerte nouvelle' });
    expect(fetch.mock.calls.length).toBe(2);
    vi.useRealTimers();
    await userEvent.click(bell);
    await waitFor(() => expect(location.current).toBe('/dashboard/alerts'));
  });

  it('without view_alert: no bell and no request', async () => {
    const fetch = stubFetch(() => ({ body: { new: 5 } }));
    renderPage(<AlertsBadge user={user(['view_agent'])} />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('link')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
