/**
 * The printing seam (issue 18): every way to reach a printer is one small object behind this
 * interface, chosen and remembered per device (use-printer.tsx), for the POS and the back office alike.
 */
export type TransportKind = 'serial' | 'bluetooth' | 'usb' | 'rawbt' | 'dialog';

import type { PaperWidth } from '@borlette/shared/receipt/escpos-doc';

/** The roll width in millimetres (32 or 48 columns in ESC/POS). */
export type { PaperWidth };

export const TRANSPORT_KINDS: readonly TransportKind[] = ['serial', 'bluetooth', 'usb', 'rawbt', 'dialog'];

export interface PrinterTransport {
  kind: TransportKind;
  /** The browser offers the API (feature detection; no prompt). */
  available(): boolean;
  /** Chooses and opens the printer. May prompt the user: call it from a click. */
  connect(): Promise<void>;
  /** Sends ESC/POS bytes; resolves once the last byte is handed to the printer. */
  write(bytes: Uint8Array): Promise<void>;
  disconnect?(): Promise<void>;
  /** Opens a printer granted earlier without a prompt, where the API allows it; false if none. */
  reconnect?(): Promise<boolean>;
  /** Whether write() can be called now without connect(). */
  isConnected?(): boolean;
  /** A short name of the connected printer, for the settings screen. */
  deviceName?(): string | null;
}

/** What the transports are tuned with; remembered per device. */
export interface TransportOptions {
  /** Web Serial: the printer's baud rate (9600 for most cheap 58 mm printers). */
  baudRate: number;
  /** Web Bluetooth: bytes per write, at most the link's MTU payload. */
  chunkSize: number;
}

export const DEFAULT_OPTIONS: TransportOptions = { baudRate: 9600, chunkSize: 100 };

/**
 * Why a transport failed, as a code the provider turns into a French message:
 * cancelled (the agent closed the chooser), notConnected, notFound (no printer answered),
 * write (the bytes did not all go), unsupported (not in this browser), busy (used by another tab/app).
 */
export type PrinterErrorCode = 'cancelled' | 'notConnected' | 'notFound' | 'write' | 'unsupported' | 'busy';

export class PrinterError extends Error {
  constructor(
    readonly code: PrinterErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = 'PrinterError';
  }
}

/** A DOMException (or anything thrown by a browser API) to a PrinterError. */
export function toPrinterError(error: unknown, fallback: PrinterErrorCode): PrinterError {
  if (error instanceof PrinterError) return error;
  const name = (error as { name?: string } | null)?.name;
  const message = (error as { message?: string } | null)?.message ?? String(error);
  if (name === 'NotFoundError' && /cancel/i.test(message)) return new PrinterError('cancelled', message);
  if (name === 'NotFoundError') return new PrinterError('notFound', message);
  if (name === 'SecurityError' || name === 'NotAllowedError') return new PrinterError('cancelled', message);
  if (name === 'InvalidStateError' || name === 'NetworkError') return new PrinterError(fallback, message);
  return new PrinterError(fallback, message);
}
