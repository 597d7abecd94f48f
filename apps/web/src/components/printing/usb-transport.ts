import { PrinterError, type PrinterTransport, toPrinterError } from './transport';
import { nav, type UsbDeviceLike, type UsbLike } from './web-apis';

/** USB class 7 is « printer »; many ESC/POS printers declare it, others a vendor class (then: any bulk OUT). */
const PRINTER_CLASS = 7;

export const usbDeviceKey = (d: UsbDeviceLike) => `${d.vendorId}:${d.productId}:${d.serialNumber ?? ''}`;

/** The interface to claim and its bulk OUT endpoint, the printer-class one first. */
function bulkOut(device: UsbDeviceLike): { iface: number; endpoint: number } {
  const interfaces = [...(device.configuration?.interfaces ?? [])].sort(
    (a, b) =>
      Number(b.alternate.interfaceClass === PRINTER_CLASS) - Number(a.alternate.interfaceClass === PRINTER_CLASS),
  );
  for (const i of interfaces) {
    const out = i.alternate.endpoints.find((e) => e.direction === 'out' && e.type === 'bulk');
    if (out) return { iface: i.interfaceNumber, endpoint: out.endpointNumber };
  }
  throw new PrinterError('notFound', 'no bulk OUT endpoint');
}

/** WebUSB: a printer on the phone's OTG cable or a computer's USB port (Chrome). */
export function usbTransport(
  options: { device?: string | null; onDevice?: (key: string) => void } = {},
  usb: () => UsbLike | undefined = () => nav()?.usb,
): PrinterTransport & { connectAny(): Promise<void> } {
  let device: UsbDeviceLike | null = null;
  let endpoint = 0;

  const open = async (d: UsbDeviceLike) => {
    try {
      if (!d.opened) await d.open();
      if (!d.configuration) await d.selectConfiguration(1);
      const found = bulkOut(d);
      await d.claimInterface(found.iface);
      endpoint = found.endpoint;
      device = d;
      options.onDevice?.(usbDeviceKey(d));
    } catch (error) {
      throw toPrinterError(error, 'busy');
    }
  };

  const request = async (filters: object[]) => {
    const api = usb();
    if (!api) throw new PrinterError('unsupported');
    let chosen: UsbDeviceLike;
    try {
      chosen = await api.requestDevice({ filters });
    } catch (error) {
      throw toPrinterError(error, 'notFound');
    }
    await open(chosen);
  };

  return {
    kind: 'usb',
    available: () => !!usb(),
    connect: () => request([{ classCode: PRINTER_CLASS }]),
    /** For printers that declare a vendor class instead of « printer »: every USB device is listed. */
    connectAny: () => request([]),
    async reconnect() {
      if (device?.opened) return true;
      const granted =
        (await usb()
          ?.getDevices()
          .catch(() => [])) ?? [];
      const d = granted.find((g) => usbDeviceKey(g) === options.device) ?? granted[0];
      if (!d) return false;
      try {
        await open(d);
        return true;
      } catch {
        return false;
      }
    },
    isConnected: () => !!device?.opened,
    deviceName: () => device?.productName ?? (device ? usbDeviceKey(device) : null),
    async write(bytes) {
      if (!device?.opened) throw new PrinterError('notConnected');
      let result: { status: string; bytesWritten: number };
      try {
        result = await device.transferOut(endpoint, bytes);
      } catch (error) {
        throw toPrinterError(error, 'write');
      }
      if (result.status !== 'ok' || result.bytesWritten !== bytes.length)
        throw new PrinterError('write', result.status);
    },
    async disconnect() {
      const d = device;
      device = null;
      await d?.close().catch(() => undefined);
    },
  };
}
