import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render';
import layout from '../../../locales/fr/layout.json';
import { PosCard } from './pos-card';

// The card's own strings (dom-setup bundles only the shared components').
i18n.addResourceBundle('fr', 'layout', layout);

/** Chrome's install offer, as the browser dispatches it on an installable page. */
function offerInstall(outcome: 'accepted' | 'dismissed') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(async () => undefined),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

describe('the sidebar’s point-of-sale card', () => {
  it('without an install offer: the QR of /pos, the link, and how to install it', async () => {
    renderPage(<PosCard />);
    expect(screen.queryByRole('button', { name: 'Installer sur cet appareil' })).toBeNull();
    expect(screen.getByText(`${window.location.host}/pos`)).toBeTruthy();
    const how = screen.getByRole('button', { name: 'Comment l’installer ?' });
    expect(how.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(how);
    expect(how.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(/iPhone \(Safari\)/)).toBeTruthy();
  });

  it('where the browser offers it, installs through its own prompt (once)', async () => {
    renderPage(<PosCard />);
    const event = offerInstall('accepted');
    expect(event.defaultPrevented).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Installer sur cet appareil' }));
    expect(event.prompt).toHaveBeenCalledOnce();
    await screen.findByText('Point de vente installé.');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Installer sur cet appareil' })).toBeNull());
  });
});
