import { PrinterError, type PrinterTransport, toPrinterError } from './transport';
import { nav, type SerialLike, type SerialPortLike } from './web-apis';

/** A port's identity, to pick the same one among the granted ports (a USB id or a Bluetooth service). */
export function serialPortKey(port: SerialPortLike): string {
  const info = port.getInfo?.() ?? {};
  if (info.usbVendorId != null) return `usb:${info.usbVendorId}:${info.usbProductId ?? ''}`;
  if (info.bluetoothServiceClassId != null) return `bt:${info.bluetoothServiceClassId}`;
  return 'serial';
}

const hex4 = (n: number) => n.toString(16).padStart(4, '0');

/** What the settings screen shows of a port: the browser gives no name, only ids. */
export function serialPortLabel(port: SerialPortLike): string | null {
  const info = port.getInfo?.() ?? {};
  if (info.usbVendorId != null) return `USB ${hex4(info.usbVendorId)}:${hex4(info.usbProductId ?? 0)}`;
  return info.bluetoothServiceClassId != null ? 'Bluetooth' : null;
}

/**
 * Web Serial: Chrome on a computer (USB or paired Bluetooth serial printers) and Chrome on Android
 * over classic Bluetooth (RFCOMM), where most cheap 58 mm printers live.
 */
export function serialTransport(
  options: { baudRate: number; device?: string | null; onDevice?: (key: string) => void },
  serial: () => SerialLike | undefined = () => nav()?.serial,
): PrinterTransport {
  let port: SerialPortLike | null = null;

  const open = async (p: SerialPortLike) => {
    try {
      await p.open({ baudRate: options.baudRate });
    } catch (error) {
      // Already open (by this page, after a reconnect): usable as it is.
      if ((error as { name?: string }).name !== 'InvalidStateError') throw toPrinterError(error, 'busy');
    }
    port = p;
    options.onDevice?.(serialPortKey(p));
  };

  return {
    kind: 'serial',
    available: () => !!serial(),
    async connect() {
      const api = serial();
      if (!api) throw new PrinterError('unsupported');
      let chosen: SerialPortLike;
      try {
        chosen = await api.requestPort();
      } catch (error) {
        throw toPrinterError(error, 'notFound');
      }
      if (port && port !== chosen) await port.close().catch(() => undefined);
      await open(chosen);
    },
    async reconnect() {
      const api = serial();
      if (!api) return false;
      if (port) return true;
      const ports = await api.getPorts().catch(() => [] as SerialPortLike[]);
      const granted = ports.find((p) => serialPortKey(p) === options.device) ?? ports[0];
      if (!granted) return false;
      try {
        await open(granted);
        return true;
      } catch {
        return false;
      }
    },
    isConnected: () => !!port?.writable,
    deviceName: () => (port ? serialPortLabel(port) : null),
    async write(bytes) {
      const writable = port?.writable;
      if (!writable) throw new PrinterError('notConnected');
      let writer: WritableStreamDefaultWriter<Uint8Array>;
      try {
        writer = writable.getWriter();
      } catch (error) {
        throw toPrinterError(error, 'busy');
      }
      try {
        await writer.write(bytes);
      } catch (error) {
        throw toPrinterError(error, 'write');
      } finally {
        // Released in every case, or the next ticket could never print on this port.
        writer.releaseLock();
      }
    },
    async disconnect() {
      const p = port;
      port = null;
      await p?.close().catch(() => undefined);
    },
  };
}
