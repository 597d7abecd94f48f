import { PrinterError, type PrinterTransport, toPrinterError } from './transport';
import type { BleCharacteristicLike, BleDeviceLike, BluetoothLike } from './web-apis';
import { nav } from './web-apis';

/**
 * The GATT services cheap BLE thermal printers expose for raw ESC/POS (the 18f0 family, the
 * e7810a71 one of many Chinese modules, Microchip's ISSC transparent UART, and Nordic's UART).
 */
export const PRINTER_SERVICES = [
  '000018f0-0000-1000-8000-00805f9b34fb',
  'e7810a71-73ae-499d-8c15-faa9aef0c3f2',
  '49535343-fe7d-4ae5-8fa9-9fafd205e455',
  '0000ff00-0000-1000-8000-00805f9b34fb',
  '0000ffe0-0000-1000-8000-00805f9b34fb',
  '6e400001-b5a3-f393-e0a9-e50e24dcca9e',
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The first characteristic that takes writes, in the order of PRINTER_SERVICES. */
async function findWritable(device: BleDeviceLike): Promise<BleCharacteristicLike> {
  const gatt = device.gatt;
  if (!gatt) throw new PrinterError('notFound');
  const server = gatt.connected ? gatt : await gatt.connect();
  const services = await server.getPrimaryServices();
  const rank = (uuid: string) => {
    const i = PRINTER_SERVICES.indexOf(uuid.toLowerCase());
    return i < 0 ? PRINTER_SERVICES.length : i;
  };
  for (const service of [...services].sort((a, b) => rank(a.uuid) - rank(b.uuid))) {
    const found = (await service.getCharacteristics()).find(
      (c) => c.properties.write || c.properties.writeWithoutResponse,
    );
    if (found) return found;
  }
  throw new PrinterError('notFound', 'no writable characteristic');
}

/**
 * Web Bluetooth (BLE printers, Chrome on Android and computers). The ticket goes in chunks of at most
 * `chunkSize` bytes, one after the other, each awaited: a printer's buffer is small, and a burst of
 * unacknowledged writes is how tickets come out half printed.
 */
export function bluetoothTransport(
  options: { chunkSize: number; device?: string | null; onDevice?: (id: string) => void; pauseMs?: number },
  bluetooth: () => BluetoothLike | undefined = () => nav()?.bluetooth,
): PrinterTransport & { connectAny(): Promise<void> } {
  let device: BleDeviceLike | null = null;
  let characteristic: BleCharacteristicLike | null = null;
  const onGone = () => {
    characteristic = null;
  };

  const use = async (d: BleDeviceLike) => {
    device?.removeEventListener('gattserverdisconnected', onGone);
    device = d;
    d.addEventListener('gattserverdisconnected', onGone);
    try {
      characteristic = await findWritable(d);
    } catch (error) {
      throw toPrinterError(error, 'notFound');
    }
    options.onDevice?.(d.id);
  };

  const request = async (filters: object) => {
    const api = bluetooth();
    if (!api) throw new PrinterError('unsupported');
    let chosen: BleDeviceLike;
    try {
      chosen = await api.requestDevice({ ...filters, optionalServices: PRINTER_SERVICES });
    } catch (error) {
      throw toPrinterError(error, 'notFound');
    }
    await use(chosen);
  };

  return {
    kind: 'bluetooth',
    available: () => typeof bluetooth()?.requestDevice === 'function',
    connect: () => request({ filters: PRINTER_SERVICES.map((s) => ({ services: [s] })) }),
    /** For printers that do not advertise their service: every nearby device is listed. */
    connectAny: () => request({ acceptAllDevices: true }),
    async reconnect() {
      if (characteristic) return true;
      // getDevices() lists the devices this site was granted (where the browser has it).
      const known = device ? [device] : await (bluetooth()?.getDevices?.() ?? Promise.resolve([]));
      const d = known.find((k) => k.id === options.device) ?? (device ? known[0] : undefined);
      if (!d) return false;
      try {
        await use(d);
        return true;
      } catch {
        return false;
      }
    },
    isConnected: () => !!characteristic && !!device?.gatt?.connected,
    deviceName: () => device?.name ?? device?.id ?? null,
    async write(bytes) {
      if (!characteristic && device) await use(device).catch(() => undefined);
      const c = characteristic;
      if (!c) throw new PrinterError('notConnected');
      const size = Math.max(1, options.chunkSize);
      const withResponse = c.properties.write && typeof c.writeValueWithResponse === 'function';
      const send = withResponse ? c.writeValueWithResponse : c.writeValueWithoutResponse;
      if (typeof send !== 'function') throw new PrinterError('unsupported');
      try {
        for (let at = 0; at < bytes.length; at += size) {
          await send.call(c, bytes.slice(at, at + size));
          // No acknowledgement: a short pause lets the printer drain its buffer.
          if (!withResponse) await sleep(options.pauseMs ?? 20);
        }
      } catch (error) {
        throw toPrinterError(error, 'write');
      }
    },
    async disconnect() {
      device?.removeEventListener('gattserverdisconnected', onGone);
      device?.gatt?.disconnect();
      device = null;
      characteristic = null;
    },
  };
}
