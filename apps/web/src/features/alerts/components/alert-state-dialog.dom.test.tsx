import type { Alert } from '@borlette/shared/contracts/alerts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../../test/render';
import alerts from '../../../locales/fr/alerts.json';
import { AlertStateDialog } from './alert-state-dialog';

i18n.addResourceBundle('fr', 'alerts', alerts);

const alert: Alert = {
  id: 42,
  kind: 'winning_voided',
  severity: 'high',
  state: 'new',
  agent_id: 7,
  agent_name: 'Jean Paul',
  agent_username: 'jp',
  surcussale_name: null,
  tirage_id: 3,
  tirage_name: 'New York Soir',
  draw_date: '2026-11-26',
  evidence: { fiches: [], figures: {} },
  note: null,
  created_at: '2026-11-26T20:00:00Z',
  changed_at: null,
  changed_by_name: null,
  timezone: 'America/Port-au-Prince',
  currency: 'HTG',
};

afterEach(() => vi.unstubAllGlobals());

describe('the alert state dialog', () => {
  it('closing: the server’s refusal shows on the note, then a note closes it', async () => {
    const bodies: unknown[] = [];
    const fetch = stubFetch(async () => {
      const init = (fetch.mock.calls.at(-1) as unknown[] | undefined)?.[1] as RequestInit | undefined;
      const body = JSON.parse(String(init?.body ?? '{}'));
      bodies.push(body);
      return body.note
        ? { body: { ...alert, state: 'closed', note: body.note } }
        : {
            status: 400,
            body: {
              statusCode: 400,
              code: 'VALIDATION_ERROR',
              message: 'Une note est requise pour clore l’alerte (3 caractères au moins)',
              fields: { note: 'Une note est requise pour clore l’alerte (3 caractères au moins)' },
            },
          };
    });
    const onClose = vi.fn();
    renderPage(<AlertStateDialog change={{ alert, state: 'closed' }} onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Clore l’alerte' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clore' }));
    await screen.findByText('Une note est requise pour clore l’alerte (3 caractères au moins)');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Vérifié avec le vendeur');
    await userEvent.click(screen.getByRole('button', { name: 'Clore' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(String(fetch.mock.calls[1][0])).toContain('/api/companies/alerts/42/state');
    expect(bodies.at(-1)).toEqual({ state: 'closed', note: 'Vérifié avec le vendeur' });
  });
});
