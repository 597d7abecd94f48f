import { ALERT_DEFAULTS } from '@borlette/shared/contracts/alerts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../../test/render';
import alerts from '../../../locales/fr/alerts.json';
import { AlertSettingsDialog } from './alert-settings-dialog';

i18n.addResourceBundle('fr', 'alerts', alerts);

afterEach(() => vi.unstubAllGlobals());

describe('the alerts settings dialog', () => {
  it('shows a floor as the app writes amounts, with the currency, and reads « 1 250,50 » back in centimes', async () => {
    const settings = { ...ALERT_DEFAULTS, burst: { ...ALERT_DEFAULTS.burst, floor_amount: 123_450 } };
    const sent: unknown[] = [];
    stubFetch((_url, init) => {
      if (init?.method === 'PUT') sent.push(JSON.parse(String(init.body)));
      return { body: settings };
    });
    const onClose = vi.fn();
    renderPage(<AlertSettingsDialog open onClose={onClose} currency="HTG" />);
    const floors = await screen.findAllByRole('textbox', { name: 'Plancher (montant)' });
    // 123 450 centimes: « 1234,50 » (it read « 1234.5 »), and 500 000: « 5000,00 » (it read « 5000 »).
    expect(floors.map((f) => (f as HTMLInputElement).value)).toEqual(['1234,50', '5000,00']);
    expect(screen.getAllByText('HTG')).toHaveLength(2);

    // French grouping and decimal comma, as in every amount field of the app (it sent NaN: null).
    await userEvent.clear(floors[0]);
    await userEvent.type(floors[0], '1 250,50');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(sent).toHaveLength(1);
    const body = sent[0] as typeof settings;
    expect(body.burst.floor_amount).toBe(125_050);
    expect(body.daily_outlier.floor_amount).toBe(500_000);
    expect(body.burst.window_minutes).toBe(15);
  });
});
