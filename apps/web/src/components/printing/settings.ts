import { readJson, STORAGE_KEYS, writeJson } from '../../lib/storage';
import { DEFAULT_OPTIONS, type PaperWidth, TRANSPORT_KINDS, type TransportKind } from './transport';

/**
 * The printer settings of this terminal, kept in its localStorage: a shop's phone and its printer go
 * together, whoever signs in on it. Which printer was granted is remembered by the browser itself
 * (getPorts / getDevices); we keep a hint of it to pick the same one again.
 */
export interface PrinterSettings {
  transport: TransportKind;
  width: PaperWidth;
  /** Print the ticket as soon as it is sold (ESC/POS transports; the print dialog waits for a click). */
  autoPrint: boolean;
  baudRate: number;
  chunkSize: number;
  /** The last printer connected (BLE device id, USB vendor:product, serial port info), to reconnect it. */
  device: string | null;
}

export const DEFAULT_SETTINGS: PrinterSettings = {
  transport: 'dialog',
  width: 58,
  autoPrint: true,
  ...DEFAULT_OPTIONS,
  device: null,
};

export const BAUD_RATES = [9600, 19200, 38400, 57600, 115200] as const;
export const CHUNK_SIZES = [20, 50, 100, 180, 240, 512] as const;

const positiveInt = (v: unknown, fallback: number, max: number) =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 && v <= max ? v : fallback;

/** What was stored, checked field by field: an old or hand-edited value never breaks printing. */
export function loadPrinterSettings(): PrinterSettings {
  const raw = readJson<Partial<PrinterSettings>>(STORAGE_KEYS.printer) ?? {};
  return {
    transport: TRANSPORT_KINDS.includes(raw.transport as TransportKind)
      ? (raw.transport as TransportKind)
      : DEFAULT_SETTINGS.transport,
    width: raw.width === 80 ? 80 : 58,
    autoPrint: typeof raw.autoPrint === 'boolean' ? raw.autoPrint : DEFAULT_SETTINGS.autoPrint,
    baudRate: positiveInt(raw.baudRate, DEFAULT_SETTINGS.baudRate, 4_000_000),
    chunkSize: positiveInt(raw.chunkSize, DEFAULT_SETTINGS.chunkSize, 512),
    device: typeof raw.device === 'string' ? raw.device : null,
  };
}

export function savePrinterSettings(settings: PrinterSettings): void {
  writeJson(STORAGE_KEYS.printer, settings);
}
