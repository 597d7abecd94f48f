import type { Terminal } from '@borlette/shared/contracts/terminals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../../test/render';
import terminals from '../../../locales/fr/terminals.json';
import { RenameTerminalDialog } from './rename-terminal-dialog';

i18n.addResourceBundle('fr', 'terminals', terminals);

const terminal: Terminal = {
  id: 5,
  agent_id: 7,
  agent_name: 'Jean Paul',
  agent_username: 'jp',
  surcussale_name: null,
  name: 'Kès 1',
  device_id: 'a1b2c3…',
  user_agent: null,
  pos_version: null,
  state: 'approved',
  first_seen_at: '2026-11-26T20:00:00Z',
  last_seen_at: '2026-11-26T20:00:00Z',
  last_ip: null,
  online: false,
  approved_at: '2026-11-26T20:00:00Z',
  revoked_at: null,
};

afterEach(() => vi.unstubAllGlobals());

const name = () => screen.getByRole('textbox', { name: /Nom/ }) as HTMLInputElement;

describe('the terminal rename dialog', () => {
  it('shows the server’s refusal on the name, then saves and closes', async () => {
    const bodies: unknown[] = [];
    stubFetch((_url, init) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      bodies.push(body);
      return body.name === 'Kès 2'
        ? {
            status: 400,
            body: {
              statusCode: 400,
              code: 'CONFLICT',
              message: 'Ce nom est déjà pris',
              fields: { name: 'Ce nom est déjà pris' },
            },
          }
        : { body: { ...terminal, name: body.name } };
    });
    const onClose = vi.fn();
    renderPage(<RenameTerminalDialog terminal={terminal} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Renommer le terminal' })).toBeTruthy();
    expect(screen.getByText('Le terminal de Jean Paul.')).toBeTruthy();
    expect(document.activeElement).toBe(name());

    await userEvent.clear(name());
    await userEvent.type(name(), 'Kès 2');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(name().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Ce nom est déjà pris')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await userEvent.clear(name());
    await userEvent.type(name(), 'Caisse du marché');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies).toEqual([
      { id: 5, name: 'Kès 2' },
      { id: 5, name: 'Caisse du marché' },
    ]);
  });

  it('checks the name before asking the server', async () => {
    const fetch = stubFetch(() => ({ body: terminal }));
    renderPage(<RenameTerminalDialog terminal={terminal} onClose={vi.fn()} />);
    await userEvent.clear(name());
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Le nom est requis')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('closes on « Annuler »', async () => {
    const onClose = vi.fn();
    renderPage(<RenameTerminalDialog terminal={terminal} onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onClose).toHaveBeenCalled();
  });
});
