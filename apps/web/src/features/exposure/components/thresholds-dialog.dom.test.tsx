import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render';
import exposure from '../../../locales/fr/exposure.json';
import { ThresholdsDialog } from './thresholds-dialog';

i18n.addResourceBundle('fr', 'exposure', exposure);

describe('the exposure board’s thresholds dialog', () => {
  it('checks bounds and order as the server does, then saves both', async () => {
    const onSave = vi.fn();
    renderPage(
      <ThresholdsDialog current={{ warn: 70, hot: 90 }} busy={false} error={null} onClose={() => {}} onSave={onSave} />,
    );
    const warn = screen.getByLabelText('À surveiller dès');
    const hot = screen.getByLabelText('Chaud dès');
    const save = screen.getByRole('button', { name: 'Enregistrer' });
    await userEvent.clear(warn);
    await userEvent.type(warn, '95');
    expect(screen.getByText('Le seuil « chaud » doit dépasser le seuil « à surveiller ».')).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(hot);
    await userEvent.type(hot, '101');
    expect(screen.getByText('De 2 à 100 %')).toBeTruthy();
    await userEvent.clear(hot);
    await userEvent.type(hot, '100');
    expect(save.hasAttribute('disabled')).toBe(false);
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({ warn: 95, hot: 100 });
  });

  it('shows the server’s refusal under the field', () => {
    renderPage(
      <ThresholdsDialog
        current={{ warn: 50, hot: 75 }}
        busy={false}
        error="Permission requise"
        onClose={() => {}}
        onSave={() => {}}
      />,
    );
    expect(screen.getByText('Permission requise')).toBeTruthy();
  });
});
