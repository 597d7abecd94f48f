import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { location, renderPage } from '../../../test/render';
import { ApiError } from '../../lib/api-client';
import { FormPage, type FormPageProps } from './form-page';
import { RHFTextField } from './rhf-text-field';

interface Values {
  name: string;
  phone: string;
}

type Props = Partial<Omit<FormPageProps<Values, Values>, 'methods'>>;

function Page(props: Props) {
  const methods = useForm<Values>({ defaultValues: { name: 'Delmas', phone: '' } });
  return (
    <FormPage<Values, Values>
      title="Nouvelle succursale"
      methods={methods}
      cancelTo="/list"
      onSubmit={vi.fn()}
      {...props}
    >
      <RHFTextField name="name" label="Nom" />
      <RHFTextField name="phone" label="Téléphone" />
    </FormPage>
  );
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));

describe('FormPage', () => {
  it('submits the values', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    renderPage(<Page onSubmit={onSubmit} />, { route: '/list/new' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Téléphone' }), '5093700');
    await save();
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Delmas', phone: '5093700' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the server’s field messages on their inputs, and nothing more when they say it all', async () => {
    const error = new ApiError(409, {
      code: 'CONFLICT',
      message: 'Ce nom existe déjà',
      fields: { name: 'Ce nom existe déjà' },
    });
    renderPage(<Page onSubmit={vi.fn().mockRejectedValue(error)} />, { route: '/list/new' });
    await save();
    const name = screen.getByRole('textbox', { name: 'Nom' });
    await waitFor(() => expect(name.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Ce nom existe déjà')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Téléphone' }).getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByRole('alert')).toBeNull();
    expect((name as HTMLInputElement).value).toBe('Delmas');
  });

  it('shows any other error in an Alert, with what the form has no input for', async () => {
    const error = new ApiError(403, { message: 'Compagnie bloquée', fields: { city_id: 'Ville inconnue' } });
    renderPage(<Page onSubmit={vi.fn().mockRejectedValue(error)} />, { route: '/list/new' });
    await save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Compagnie bloquée\nVille inconnue');
    expect(screen.getByRole('textbox', { name: 'Nom' }).getAttribute('aria-invalid')).toBe('false');
    // The person can close it.
    await userEvent.click(screen.getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says « Something went wrong » when the failure has no message', async () => {
    renderPage(<Page onSubmit={vi.fn().mockRejectedValue(new ApiError(502, '<html>'))} />);
    await save();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
  });

  it('goes back to the list on Cancel without submitting', async () => {
    const onSubmit = vi.fn();
    renderPage(<Page onSubmit={onSubmit} />, { route: '/list/new' });
    await userEvent.click(screen.getByRole('link', { name: 'Annuler' }));
    expect(location.current).toBe('/list');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows skeletons while the record loads, and cannot be saved', async () => {
    renderPage(<Page loading />);
    expect(screen.queryByRole('textbox', { name: 'Nom' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the blocking message instead of the form', async () => {
    renderPage(<Page blocked={<p>Succursale introuvable</p>} submitText="Créer" />);
    expect(screen.getByText('Succursale introuvable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Créer' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Nouvelle succursale' })).toBeTruthy();
  });
});
