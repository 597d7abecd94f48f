import { describe, expect, it } from 'vitest';
import { bluetoothTransport } from './bluetooth-transport';
import { rawbtIntentUrl, rawbtTransport } from './rawbt-transport';
import { serialTransport } from './serial-transport';
import { PrinterError } from './transport';
import { usbTransport } from './usb-transport';
import type { BleCharacteristicLike, BleDeviceLike, SerialPortLike, UsbDeviceLike } from './web-apis';

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 256);
const tick = () => new Promise<void>((r) => setTimeout(r, 1));

/* ----- Web Bluetooth ----- */

function fakeBle(props: { write: boolean; writeWithoutResponse: boolean }, failAt = -1) {
  const log: { size: number; pendingAtStart: number; kind: string }[] = [];
  const received: number[] = [];
  let pending = 0;
  const write = (kind: string) => async (value: Uint8Array) => {
    log.push({ size: value.length, pendingAtStart: pending, kind });
    pending++;
    await tick(); // the printer's acknowledgement takes a moment
    pending--;
    if (log.length - 1 === failAt) throw Object.assign(new Error('GATT operation failed'), { name: 'NetworkError' });
    received.push(...value);
  };
  const characteristic: BleCharacteristicLike = {
    uuid: '00002af1-0000-1000-8000-00805f9b34fb',
    properties: props,
    writeValueWithResponse: write('with'),
    writeValueWithoutResponse: write('without'),
  };
  const readOnly: BleCharacteristicLike = {
    uuid: 'read',
    properties: { write: false, writeWithoutResponse: false },
  };
  const server = {
    connected: true,
    connect: async () => server,
    disconnect: () => undefined,
    getPrimaryServices: async () => [
      { uuid: '0000180a-0000-1000-8000-00805f9b34fb', getCharacteristics: async () => [readOnly] },
      { uuid: '000018f0-0000-1000-8000-00805f9b34fb', getCharacteristics: async () => [readOnly, characteristic] },
    ],
  };
  const device = Object.assign(new EventTarget(), { id: 'dev-1', name: 'MPT-II', gatt: server }) as BleDeviceLike;
  const requests: object[] = [];
  const api = {
    requestDevice: async (options: object) => {
      requests.push(options);
      return device;
    },
    getDevices: async () => [device],
  };
  return { api, log, received, requests };
}

describe('bluetooth transport', () => {
  it('writes in chunks of at most the chunk size, in order, each awaited (with response)', async () => {
    const ble = fakeBle({ write: true, writeWithoutResponse: true });
    const t = bluetoothTransport({ chunkSize: 100 }, () => ble.api);
    await t.connect();
    const data = bytes(1234);
    await t.write(data);
    expect(ble.log.every((w) => w.size <= 100)).toBe(true);
    expect(ble.log.every((w) => w.pendingAtStart === 0)).toBe(true);
    expect(ble.log.every((w) => w.kind === 'with')).toBe(true);
    expect(ble.log).toHaveLength(13);
    expect(Uint8Array.from(ble.received)).toEqual(data);
  });

  it('without-response characteristics: still sequential, with a pause', async () => {
    const ble = fakeBle({ write: false, writeWithoutResponse: true });
    const t = bluetoothTransport({ chunkSize: 20, pauseMs: 1 }, () => ble.api);
    await t.connect();
    await t.write(bytes(95));
    expect(ble.log.map((w) => w.size)).toEqual([20, 20, 20, 20, 15]);
    expect(ble.log.every((w) => w.kind === 'without' && w.pendingAtStart === 0)).toBe(true);
  });

  it('asks for the printer services first, every device on demand', async () => {
    const ble = fakeBle({ write: true, writeWithoutResponse: false });
    const t = bluetoothTransport({ chunkSize: 100 }, () => ble.api);
    await t.connect();
    await t.connectAny();
    const [filtered, any] = ble.requests as { filters?: { services: string[] }[]; acceptAllDevices?: boolean }[];
    expect(filtered?.filters?.map((f) => f.services[0])).toContain('000018f0-0000-1000-8000-00805f9b34fb');
    expect(filtered?.filters?.map((f) => f.services[0])).toContain('e7810a71-73ae-499d-8c15-faa9aef0c3f2');
    expect(any?.acceptAllDevices).toBe(true);
  });

  it('a failed write rejects (the outcome is not ok) and stops there', async () => {
    const ble = fakeBle({ write: true, writeWithoutResponse: false }, 2);
    const t = bluetoothTransport({ chunkSize: 100 }, () => ble.api);
    await t.connect();
    await expect(t.write(bytes(1000))).rejects.toMatchObject({ code: 'write' });
    expect(ble.log).toHaveLength(3);
  });

  it('reconnects a granted device without a prompt', async () => {
    const ble = fakeBle({ write: true, writeWithoutResponse: false });
    const t = bluetoothTransport({ chunkSize: 100, device: 'dev-1' }, () => ble.api);
    expect(await t.reconnect?.()).toBe(true);
    expect(ble.requests).toHaveLength(0);
    expect(t.isConnected?.()).toBe(true);
  });

  it('a closed chooser is « cancelled »', async () => {
    const api = {
      requestDevice: () =>
        Promise.reject(
          Object.assign(new Error('User cancelled the requestDevice() chooser.'), { name: 'NotFoundError' }),
        ),
    };
    await expect(bluetoothTransport({ chunkSize: 100 }, () => api).connect()).rejects.toMatchObject({
      code: 'cancelled',
    });
  });
});

/* ----- Web Serial ----- */

function fakePort(fail = false) {
  const written: number[] = [];
  let opened: { baudRate: number } | null = null;
  const writable = new WritableStream<Uint8Array>({
    write(chunk) {
      if (fail) throw new Error('device lost');
      written.push(...chunk);
    },
  });
  const port: SerialPortLike = {
    open: async (o) => {
      opened = o;
    },
    close: async () => undefined,
    get writable() {
      return opened ? writable : null;
    },
    getInfo: () => ({ usbVendorId: 0x0416, usbProductId: 0x5011 }),
  };
  return { port, written, writable, opened: () => opened };
}

describe('serial transport', () => {
  it('opens at the chosen baud rate, writes every byte and releases the writer', async () => {
    const fake = fakePort();
    const t = serialTransport({ baudRate: 19200 }, () => ({
      requestPort: async () => fake.port,
      getPorts: async () => [],
    }));
    await t.connect();
    expect(fake.opened()).toEqual({ baudRate: 19200 });
    await t.write(bytes(300));
    await t.write(bytes(10));
    expect(fake.written).toHaveLength(310);
    expect(fake.writable.locked).toBe(false);
  });

  it('a failed write rejects and still releases the writer', async () => {
    const fake = fakePort(true);
    const t = serialTransport({ baudRate: 9600 }, () => ({
      requestPort: async () => fake.port,
      getPorts: async () => [],
    }));
    await t.connect();
    await expect(t.write(bytes(10))).rejects.toBeInstanceOf(PrinterError);
    expect(fake.writable.locked).toBe(false);
  });

  it('reopens the granted port it used before, without a prompt', async () => {
    const other = fakePort();
    const ours = fakePort();
    (other.port as { getInfo: unknown }).getInfo = () => ({ usbVendorId: 1, usbProductId: 2 });
    let prompted = false;
    const t = serialTransport({ baudRate: 9600, device: 'usb:1046:20497' }, () => ({
      requestPort: async () => {
        prompted = true;
        return ours.port;
      },
      getPorts: async () => [other.port, ours.port],
    }));
    expect(await t.reconnect?.()).toBe(true);
    expect(prompted).toBe(false);
    expect(ours.opened()).toEqual({ baudRate: 9600 });
    expect(other.opened()).toBeNull();
  });

  it('not connected: a clear error, no write', async () => {
    const t = serialTransport({ baudRate: 9600 }, () => ({
      requestPort: async () => fakePort().port,
      getPorts: async () => [],
    }));
    await expect(t.write(bytes(3))).rejects.toMatchObject({ code: 'notConnected' });
    expect(serialTransport({ baudRate: 9600 }, () => undefined).available()).toBe(false);
  });
});

/* ----- WebUSB ----- */

function fakeUsb(status: 'ok' | 'stall' = 'ok') {
  const transfers: { endpoint: number; size: number }[] = [];
  const claimed: number[] = [];
  let opened = false;
  const device: UsbDeviceLike = {
    vendorId: 0x0483,
    productId: 0x5743,
    productName: 'POS58',
    get opened() {
      return opened;
    },
    configuration: {
      interfaces: [
        {
          interfaceNumber: 0,
          alternate: { interfaceClass: 3, endpoints: [{ endpointNumber: 5, direction: 'out', type: 'bulk' }] },
        },
        {
          interfaceNumber: 1,
          alternate: {
            interfaceClass: 7,
            endpoints: [
              { endpointNumber: 1, direction: 'in', type: 'bulk' },
              { endpointNumber: 2, direction: 'out', type: 'bulk' },
            ],
          },
        },
      ],
    },
    open: async () => {
      opened = true;
    },
    close: async () => {
      opened = false;
    },
    selectConfiguration: async () => undefined,
    claimInterface: async (n) => {
      claimed.push(n);
    },
    transferOut: async (endpoint, data) => {
      transfers.push({ endpoint, size: data.length });
      return { status, bytesWritten: status === 'ok' ? data.length : 0 };
    },
  };
  const filters: object[][] = [];
  return {
    api: {
      requestDevice: async (o: { filters: object[] }) => {
        filters.push(o.filters);
        return device;
      },
      getDevices: async () => [device],
    },
    transfers,
    claimed,
    filters,
  };
}

describe('usb transport', () => {
  it('asks for printer-class devices, claims the printer interface, writes to its bulk OUT endpoint', async () => {
    const usb = fakeUsb();
    const t = usbTransport({}, () => usb.api);
    await t.connect();
    expect(usb.filters[0]).toEqual([{ classCode: 7 }]);
    expect(usb.claimed).toEqual([1]);
    await t.write(bytes(500));
    expect(usb.transfers).toEqual([{ endpoint: 2, size: 500 }]);
  });

  it('lists every USB device on demand (printers with a vendor class)', async () => {
    const usb = fakeUsb();
    await usbTransport({}, () => usb.api).connectAny();
    expect(usb.filters[0]).toEqual([]);
  });

  it('a stalled transfer is a failed print', async () => {
    const usb = fakeUsb('stall');
    const t = usbTransport({}, () => usb.api);
    await t.connect();
    await expect(t.write(bytes(10))).rejects.toMatchObject({ code: 'write' });
  });
});

/* ----- RawBT ----- */

describe('rawbt transport', () => {
  it('hands the bytes to RawBT as a base64 intent', async () => {
    const opened: string[] = [];
    const data = Uint8Array.from([0x1b, 0x40, 0x82, 0xff, 0x0a]);
    await rawbtTransport((url) => opened.push(url)).write(data);
    expect(opened).toEqual([rawbtIntentUrl(data)]);
    expect(opened[0]).toBe(
      `intent:base64,${Buffer.from(data).toString('base64')}#Intent;scheme=rawbt;package=ru.a402d.rawbtprinter;end;`,
    );
  });
});
