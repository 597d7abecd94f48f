import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render';
import wallet from '../../../locales/fr/wallet.json';
import { SupervisorCommissionsPanel } from './supervisor-commissions-panel';

i18n.addResourceBundle('fr', 'wallet', wallet);

describe('the ledger’s supervisors’ commission panel (issue 20 §3)', () => {
  it('lists each supervisor’s commission in its currency, under a French title', () => {
    renderPage(
      <SupervisorCommissionsPanel
        lines={[
          { supervisor_id: 1, supervisor_name: 'Marie Joseph', commission: 412550, currency: 'HTG' },
          { supervisor_id: 2, supervisor_name: 'Paul Étienne', commission: 99, currency: 'HTG' },
        ]}
      />,
    );
    const panel = screen.getByRole('region', { name: 'Commission superviseurs' });
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace(/\s/g, ' '))).toEqual([
      expect.stringMatching(/^Marie Joseph4 125,50/),
      expect.stringMatching(/^Paul Étienne0,99/),
    ]);
    expect(within(panel).getByText(/hors soldes des vendeurs/)).toBeTruthy();
  });

  it('shows nothing when no supervisor earns any', () => {
    const { container } = renderPage(<SupervisorCommissionsPanel lines={[]} />);
    expect(screen.queryByRole('region', { name: 'Commission superviseurs' })).toBeNull();
    expect(container.querySelector('section')).toBeNull();
  });
});
