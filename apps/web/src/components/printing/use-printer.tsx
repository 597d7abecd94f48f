import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { usePrintArea } from './dialog-transport';
import { loadEscpos } from './escpos-loader';
import { loadPrinterSettings, type PrinterSettings, savePrinterSettings } from './settings';
import { type PaperWidth, PrinterError, type PrinterTransport, type TransportKind } from './transport';
import { availableKinds, createTransport } from './transports';

export type { PrinterSettings } from './settings';
export type { PaperWidth, TransportKind } from './transport';

/** Something to print: ESC/POS bytes for a thermal printer, HTML for the print dialog. */
export interface PrintDocument {
  name: string;
  /** May load the encoder first (escpos-loader.ts). */
  escpos: (width: PaperWidth) => Uint8Array | Promise<Uint8Array>;
  html: ReactNode;
}

export type PrintOutcome = { ok: true } | { ok: false; message: string };

export interface Printer {
  settings: PrinterSettings;
  update(patch: Partial<PrinterSettings>): void;
  /** The transports this browser offers (the dialog always). */
  kinds: TransportKind[];
  connected: boolean;
  deviceName: string | null;
  busy: boolean;
  /** Chooses the printer; may prompt, so call it from a click. `any`: every Bluetooth device is listed. */
  connect(options?: { any?: boolean }): Promise<PrintOutcome>;
  disconnect(): Promise<void>;
  /** Never throws: a failure comes back as a French message (the sale is never undone by printing). */
  printDocument(doc: PrintDocument): Promise<PrintOutcome>;
  /** A ticket prints by itself once sold: on, and a printer of bytes (the dialog waits for a click). */
  autoPrint: boolean;
  /** The company whose name heads the test page. */
  company: string;
}

const PrinterContext = createContext<Printer | null>(null);

export function usePrinter(): Printer {
  const printer = useContext(PrinterContext);
  if (!printer) throw new Error('usePrinter must be used inside <PrinterProvider>');
  return printer;
}

/** A printer that hangs (out of paper on flow control, out of range) must not leave « printing » forever. */
const WRITE_TIMEOUT_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PrinterError('write', 'timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The printer of this device, for every screen that prints (the POS's tickets and closing, the back
 * office's collection receipts): the settings are the device's, whichever screen chose them.
 */
export function PrinterProvider({ children, company }: { children: ReactNode; company: string }) {
  const { t } = useTranslation('printer');
  const [settings, setSettings] = useState(loadPrinterSettings);
  const [busy, setBusy] = useState(false);
  // Connection state lives in the transport object; this re-renders after it may have changed.
  const [version, refresh] = useReducer((n: number) => n + 1, 0);
  const kinds = useMemo(availableKinds, []);
  const { printHtml, area } = usePrintArea(settings.width);

  const update = useCallback((patch: Partial<PrinterSettings>) => {
    setSettings((s) => {
      const next = { ...s, ...patch };
      savePrinterSettings(next);
      return next;
    });
  }, []);

  // A printer of bytes: the encoder's chunk is fetched now, not at the first sale (escpos-loader.ts).
  useEffect(() => {
    if (settings.transport !== 'dialog') loadEscpos().catch(() => undefined);
  }, [settings.transport]);

  const deviceRef = useRef(settings.device);
  deviceRef.current = settings.device;
  const { transport: kind, baudRate, chunkSize } = settings;
  const transport: PrinterTransport = useMemo(
    () =>
      createTransport(kind, {
        baudRate,
        chunkSize,
        get device() {
          return deviceRef.current;
        },
        onDevice: (device) => {
          if (device !== deviceRef.current) update({ device });
        },
      }),
    [kind, baudRate, chunkSize, update],
  );

  // A printer granted earlier is opened again without a prompt (where the API allows it).
  useEffect(() => {
    let live = true;
    void transport
      .reconnect?.()
      .catch(() => false)
      .then(() => live && refresh());
    return () => {
      live = false;
      void transport.disconnect?.().catch(() => undefined);
    };
  }, [transport]);

  const describe = useCallback(
    (error: unknown) => {
      const code = error instanceof PrinterError ? error.code : 'write';
      return t(`errors.${code}`, { transport: t(`transports.${kind}`) });
    },
    [t, kind],
  );

  const connect = useCallback<Printer['connect']>(
    async (options = {}) => {
      setBusy(true);
      try {
        const any = (transport as { connectAny?: () => Promise<void> }).connectAny;
        await (options.any && any ? any() : transport.connect());
        return { ok: true };
      } catch (error) {
        return { ok: false, message: describe(error) };
      } finally {
        setBusy(false);
        refresh();
      }
    },
    [transport, describe],
  );

  const disconnect = useCallback(async () => {
    await transport.disconnect?.().catch(() => undefined);
    refresh();
  }, [transport]);

  // One print at a time: two tickets' bytes must never interleave on the same printer.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const printDocument = useCallback<Printer['printDocument']>(
    (doc) => {
      const run = async (): Promise<PrintOutcome> => {
        setBusy(true);
        try {
          if (transport.kind === 'dialog') {
            await printHtml(doc.html);
            return { ok: true };
          }
          if (!transport.available()) throw new PrinterError('unsupported');
          if (!(transport.isConnected?.() ?? true) && !(await transport.reconnect?.().catch(() => false)))
            throw new PrinterError('notConnected');
          const bytes = await doc.escpos(settings.width);
          await withTimeout(transport.write(bytes), WRITE_TIMEOUT_MS);
          return { ok: true };
        } catch (error) {
          return { ok: false, message: describe(error) };
        } finally {
          setBusy(false);
          refresh();
        }
      };
      const next = queue.current.then(run, run);
      queue.current = next;
      return next;
    },
    [transport, printHtml, settings.width, describe],
  );

  const value = useMemo<Printer>(
    () => ({
      settings,
      update,
      kinds,
      connected: version >= 0 && (transport.isConnected?.() ?? true),
      deviceName: transport.deviceName?.() ?? null,
      busy,
      connect,
      disconnect,
      printDocument,
      autoPrint: settings.autoPrint && settings.transport !== 'dialog',
      company,
    }),
    [settings, update, kinds, version, transport, busy, connect, disconnect, printDocument, company],
  );

  return (
    <PrinterContext.Provider value={value}>
      {children}
      {area}
    </PrinterContext.Provider>
  );
}
