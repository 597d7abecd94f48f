import type { FicheDraw } from '@borlette/shared/contracts/fiches';
import { screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../test/render';
import ficheView from '../locales/fr/ficheView.json';
import { FicheDetails } from './fiche-details';

i18n.addResourceBundle('fr', 'ficheView', ficheView);

const draw = (tirage_id: number, name: string, late: boolean): FicheDraw => ({
  tirage_id,
  name,
  draw_date: '2026-11-26',
  amount: 1000,
  win_amount: 0,
  status: 'en_attente',
  result: null,
  result_late: late,
});

describe('a ticket’s draws (public page and POS « Payer »)', () => {
  it('says « résultat en attente » for a draw past its official time, « pas encore publié » before it', () => {
    renderPage(
      <FicheDetails
        draws={[draw(1, 'New York Soir', true), draw(2, 'Georgia Nuit', false)]}
        lines={[]}
        currency="HTG"
      />,
    );
    const late = screen.getByRole('region', { name: 'New York Soir' });
    expect(within(late).getByRole('status').textContent).toMatch(/^Résultat en attente/);
    const early = screen.getByRole('region', { name: 'Georgia Nuit' });
    expect(within(early).queryByRole('status')).toBeNull();
    expect(within(early).getByText('Résultat pas encore publié.')).toBeTruthy();
  });
});
