import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render';
import { ApiError } from '../lib/api-client';
import { RHFTextField } from './form';
import { FormDialog, ItemDialog } from './form-dialog';

interface Item {
  id: number;
  name: string;
}
interface Values {
  name: string;
}

function NameForm({ item, save, onClose }: { item: Item; save: (v: Values) => Promise<unknown>; onClose: () => void }) {
  const methods = useForm<Values>({ defaultValues: { name: item.name } });
  return (
    <FormDialog
      methods={methods}
      title="Renommer le terminal"
      text={`Le terminal n° ${item.id}.`}
      fields={['name']}
      save={save}
      onClose={onClose}
    >
      <RHFTextField<Values> name="name" label="Nom" autoFocus />
    </FormDialog>
  );
}

/** A list's dialog: opened on an item, closed by the dialog. */
function Host({ first, save }: { first: Item | null; save: (v: Values) => Promise<unknown> }) {
  const [item, setItem] = useState(first);
  return (
    <>
      <button type="button" onClick={() => setItem({ id: 8, name: 'Kès 8' })}>
        other
      </button>
      <ItemDialog item={item} itemKey={(i) => i.id} onClose={() => setItem(null)} maxWidth="xs">
        {(i) => <NameForm item={i} save={save} onClose={() => setItem(null)} />}
      </ItemDialog>
    </>
  );
}

const item: Item = { id: 7, name: 'Kès 7' };
const name = () => screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement;
const click = (label: string) => userEvent.click(screen.getByRole('button', { name: label }));

describe('FormDialog in an ItemDialog', () => {
  it('shows nothing without an item', () => {
    renderPage(<Host first={null} save={vi.fn()} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the title, the text, the focused field and « Annuler » / « Enregistrer »', () => {
    renderPage(<Host first={item} save={vi.fn()} />);
    expect(screen.getByRole('heading', { name: 'Renommer le terminal' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Renommer le terminal' })).toBeTruthy();
    expect(screen.getByText('Le terminal n° 7.')).toBeTruthy();
    expect(document.activeElement).toBe(name());
    expect(name().value).toBe('Kès 7');
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enregistrer' })).toBeTruthy();
  });

  it('saves the values, then closes', async () => {
    const save = vi.fn().mockResolvedValue(undefined);
    renderPage(<Host first={item} save={save} />);
    await userEvent.clear(name());
    await userEvent.type(name(), 'Caisse du marché');
    await click('Enregistrer');
    expect(save).toHaveBeenCalledWith({ name: 'Caisse du marché' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts the server’s field message on its input, and stays open', async () => {
    const error = new ApiError(409, { message: 'Ce nom existe déjà', fields: { name: 'Ce nom existe déjà' } });
    renderPage(<Host first={item} save={vi.fn().mockRejectedValue(error)} />);
    await click('Enregistrer');
    await waitFor(() => expect(name().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Ce nom existe déjà')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows any other refusal above the fields, and clears it on the next try', async () => {
    const save = vi
      .fn()
      .mockRejectedValueOnce(new ApiError(403, { message: 'Terminal révoqué' }))
      .mockResolvedValueOnce(undefined);
    renderPage(<Host first={item} save={save} />);
    await click('Enregistrer');
    expect((await screen.findByRole('alert')).textContent).toContain('Terminal révoqué');
    expect(name().getAttribute('aria-invalid')).toBe('false');
    await click('Enregistrer');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes on « Annuler » without saving', async () => {
    const save = vi.fn();
    renderPage(<Host first={item} save={save} />);
    await click('Annuler');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(save).not.toHaveBeenCalled();
  });

  it('starts a fresh form for another item', async () => {
    renderPage(<Host first={item} save={vi.fn()} />);
    await userEvent.type(name(), ' bis');
    // The dialog makes the rest of the page inert: the switch comes from outside it.
    screen.getByRole('button', { name: 'other', hidden: true }).click();
    await waitFor(() => expect(name().value).toBe('Kès 8'));
    expect(screen.getByText('Le terminal n° 8.')).toBeTruthy();
  });
});
