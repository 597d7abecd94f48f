import { bluetoothTransport } from './bluetooth-transport';
import { dialogTransport } from './dialog-transport';
import { isAndroid, rawbtTransport } from './rawbt-transport';
import { serialTransport } from './serial-transport';
import type { PrinterTransport, TransportKind, TransportOptions } from './transport';
import { usbTransport } from './usb-transport';

export interface TransportSetup extends TransportOptions {
  device: string | null;
  onDevice: (key: string) => void;
}

export function createTransport(kind: TransportKind, setup: TransportSetup): PrinterTransport {
  switch (kind) {
    case 'serial':
      return serialTransport(setup);
    case 'bluetooth':
      return bluetoothTransport(setup);
    case 'usb':
      return usbTransport(setup);
    case 'rawbt':
      return rawbtTransport();
    default:
      return dialogTransport();
  }
}

/** The transports this browser offers, in the order of the settings screen (RawBT on Android only). */
export function availableKinds(): TransportKind[] {
  const none: TransportSetup = { baudRate: 9600, chunkSize: 100, device: null, onDevice: () => undefined };
  const kinds: TransportKind[] = ['serial', 'bluetooth', 'usb'];
  return [
    ...kinds.filter((k) => createTransport(k, none).available()),
    ...(isAndroid() ? ['rawbt' as const] : []),
    'dialog',
  ];
}
