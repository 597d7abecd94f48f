import { act, render, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage';
import printer from '../../locales/fr/printer.json';
import { type Printer, PrinterProvider, usePrinter } from './use-printer';

beforeAll(() => {
  i18n.addResourceBundle('fr', 'printer', printer);
});

/** A fake Web Serial port: `fail` makes every write fail; `written` holds what went through. */
function stubSerial({ fail = false, granted = false } = {}) {
  const written: number[] = [];
  let open = false;
  const port = {
    open: async () => {
      open = true;
    },
    close: async () => {
      open = false;
    },
    get writable() {
      return open
        ? new WritableStream<Uint8Array>({
            write(chunk) {
              if (fail) throw new DOMException('The device has been lost.', 'NetworkError');
              written.push(...chunk);
            },
          })
        : null;
    },
    getInfo: () => ({ usbVendorId: 1, usbProductId: 2 }),
  };
  const requestPort = vi.fn(async () => port);
  Object.defineProperty(navigator, 'serial', {
    configurable: true,
    value: { requestPort, getPorts: async () => (granted ? [port] : []) },
  });
  return { written, requestPort };
}

const printerRef: { current: Printer | null } = { current: null };

function Probe() {
  printerRef.current = usePrinter();
  return null;
}

function mount() {
  render(
    <PrinterProvider company="Borlette">
      <Probe />
    </PrinterProvider>,
  );
  return printerRef;
}

const doc = { name: 'x', escpos: (w: 58 | 80) => Uint8Array.of(w, 1, 2, 3), html: null };

describe('PrinterProvider', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serial');
  });

  it('remembers the settings of this terminal and prints at the chosen width', async () => {
    const serial = stubSerial();
    const p = mount();
    act(() => p.current?.update({ transport: 'serial', width: 80, baudRate: 19200 }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.printer) ?? '{}')).toMatchObject({
      transport: 'serial',
      width: 80,
      baudRate: 19200,
      autoPrint: true,
    });
    expect(await p.current?.connect()).toEqual({ ok: true });
    await waitFor(() => expect(p.current?.connected).toBe(true));
    expect(p.current?.settings.device).toBe('usb:1:2');
    expect(await p.current?.printDocument(doc)).toEqual({ ok: true });
    expect(serial.written).toEqual([80, 1, 2, 3]);
    expect(p.current?.autoPrint).toBe(true);
  });

  it('reconnects the granted port at start, without a prompt', async () => {
    localStorage.setItem(STORAGE_KEYS.printer, JSON.stringify({ transport: 'serial', device: 'usb:1:2' }));
    const serial = stubSerial({ granted: true });
    const p = mount();
    await waitFor(() => expect(p.current?.connected).toBe(true));
    expect(await p.current?.printDocument(doc)).toEqual({ ok: true });
    expect(serial.requestPort).not.toHaveBeenCalled();
    expect(serial.written).toEqual([58, 1, 2, 3]);
  });

  it('a failed or impossible print answers a French message, never throws', async () => {
    localStorage.setItem(STORAGE_KEYS.printer, JSON.stringify({ transport: 'serial' }));
    stubSerial({ fail: true });
    const p = mount();
    expect(await p.current?.printDocument(doc)).toEqual({ ok: false, message: printer.errors.notConnected });
    await p.current?.connect();
    expect(await p.current?.printDocument(doc)).toEqual({ ok: false, message: printer.errors.write });
  });

  it('the print dialog is the default, and it does not print by itself after a sale', () => {
    const p = mount();
    expect(p.current?.settings.transport).toBe('dialog');
    expect(p.current?.kinds).toContain('dialog');
    expect(p.current?.autoPrint).toBe(false);
  });
});
