import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COLLECTIONS } from '@borlette/shared/receipt/__golden__/sample-collections';
import { collectionEscpos } from '@borlette/shared/receipt/collection-escpos';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubFetch } from '../../../../test/render';
import { PrinterProvider } from '../../../components/printing/use-printer';
import { STORAGE_KEYS } from '../../../lib/storage';
import collections from '../../../locales/fr/collections.json';
import printer from '../../../locales/fr/printer.json';
import { CollectionDialog } from './collection-dialog';

beforeAll(() => {
  i18n.addResourceBundle('fr', 'collections', collections);
  i18n.addResourceBundle('fr', 'printer', printer);
});

/** The committed golden bytes of the sample collection (vitest runs from the repository's root). */
const GOLDEN = join(process.cwd(), 'packages/shared/src/receipt/__golden__');
const golden = (width: 58 | 80) => Uint8Array.from(readFileSync(join(GOLDEN, `collection-plain-${width}.bin`)));

/** A fake Web Serial port at the transport seam: `written` holds what reached the printer. */
function stubSerial({ granted = false } = {}) {
  const state = { written: [] as number[], fail: false, open: false };
  const port = {
    open: async () => {
      state.open = true;
    },
    close: async () => {
      state.open = false;
    },
    get writable() {
      return state.open
        ? new WritableStream<Uint8Array>({
            write(chunk) {
              if (state.fail) throw new DOMException('The device has been lost.', 'NetworkError');
              state.written.push(...chunk);
            },
          })
        : null;
    },
    getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
  };
  const requestPort = vi.fn(async () => port);
  Object.defineProperty(navigator, 'serial', {
    configurable: true,
    value: { requestPort, getPorts: async () => (granted ? [port] : []) },
  });
  return { state, requestPort };
}

/** The API: one agent to choose, and the recorded collection (the golden sample) for any POST. */
function stubApi() {
  const posted: unknown[] = [];
  const fetch = stubFetch(async (url) => {
    if (url.pathname === '/api/companies/choices/agents')
      return { body: [{ id: 17, name: 'Jean Baptiste', username: 'jbaptiste', surcussale_name: 'Pétion-Ville' }] };
    if (url.pathname === '/api/companies/collections') {
      const init = (fetch.mock.calls.at(-1) as unknown[] | undefined)?.[1] as RequestInit | undefined;
      posted.push(JSON.parse(String(init?.body ?? 'null')));
      return { body: COLLECTIONS.plain };
    }
    return { status: 404, body: { message: 'not stubbed' } };
  });
  return posted;
}

async function recordCollection() {
  renderPage(
    <PrinterProvider company="Borlette Soleil">
      <CollectionDialog open onClose={() => undefined} />
    </PrinterProvider>,
  );
  await userEvent.type(screen.getByRole('combobox', { name: /Vendeur/ }), 'Jean');
  await userEvent.click(await screen.findByRole('option', { name: /Jean Baptiste/ }));
  await userEvent.type(screen.getByRole('textbox', { name: /Montant/ }), '1250');
  await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la collecte' }));
  return screen.findByRole('dialog', { name: 'Collecte enregistrée' });
}

describe('the new collection’s receipt, printed on this device’s printer', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serial');
  });

  it('« Imprimer » chooses the serial printer from the click, then prints exactly the golden bytes', async () => {
    localStorage.setItem(STORAGE_KEYS.printer, JSON.stringify({ transport: 'serial' }));
    const serial = stubSerial();
    const posted = stubApi();
    const dialog = await recordCollection();
    expect(posted).toEqual([expect.objectContaining({ agent_id: 17, amount: 125_000, note: null })]);
    // The receipt is on screen before anything is printed: nothing was written by itself.
    within(dialog).getByText('REÇU DE COLLECTE');
    expect(serial.state.written).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imprimer' }));
    await waitFor(() => expect(serial.state.written.length).toBeGreaterThan(0));
    expect(serial.requestPort).toHaveBeenCalledOnce();
    expect(Uint8Array.from(serial.state.written)).toEqual(golden(58));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.printer) ?? '{}').device).toBe('usb:1046:20497');
  });

  it('a port granted earlier prints at the remembered 80 mm without a prompt', async () => {
    localStorage.setItem(
      STORAGE_KEYS.printer,
      JSON.stringify({ transport: 'serial', width: 80, device: 'usb:1046:20497' }),
    );
    const serial = stubSerial({ granted: true });
    stubApi();
    const dialog = await recordCollection();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imprimer' }));
    await waitFor(() => expect(serial.state.written.length).toBeGreaterThan(0));
    expect(serial.requestPort).not.toHaveBeenCalled();
    expect(Uint8Array.from(serial.state.written)).toEqual(collectionEscpos(COLLECTIONS.plain, 80));
    expect(Uint8Array.from(serial.state.written)).toEqual(golden(80));
  });

  it('a failing printer: the collection stands, the POS’s French message, « Réimprimer » prints once it is back', async () => {
    localStorage.setItem(STORAGE_KEYS.printer, JSON.stringify({ transport: 'serial', device: 'usb:1046:20497' }));
    const serial = stubSerial({ granted: true });
    serial.state.fail = true;
    stubApi();
    const dialog = await recordCollection();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imprimer' }));
    const alert = await within(dialog).findByRole('alert');
    within(alert).getByText(collections.receipt.failed);
    within(alert).getByText(printer.errors.write);
    expect(serial.state.written).toEqual([]);

    serial.state.fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Réimprimer' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(Uint8Array.from(serial.state.written)).toEqual(golden(58));
  });

  it('the chooser closed: nothing printed, and why, in French', async () => {
    localStorage.setItem(STORAGE_KEYS.printer, JSON.stringify({ transport: 'serial' }));
    const serial = stubSerial();
    serial.requestPort.mockRejectedValueOnce(new DOMException('No port selected by the user.', 'NotFoundError'));
    stubApi();
    const dialog = await recordCollection();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imprimer' }));
    const alert = await within(dialog).findByRole('alert');
    within(alert).getByText(printer.errors.notFound);
    expect(serial.state.written).toEqual([]);
  });

  it('the print dialog (the default) prints the same receipt as HTML, no bytes', async () => {
    const serial = stubSerial();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    stubApi();
    const dialog = await recordCollection();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Imprimer' }));
    await waitFor(() => expect(print).toHaveBeenCalledOnce());
    const area = document.querySelector('.print-area');
    expect(area?.textContent).toContain('Collecte n° 4812');
    expect(area?.textContent).toContain('1 250,00');
    expect(serial.requestPort).not.toHaveBeenCalled();
  });
});
