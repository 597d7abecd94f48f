import type { Seen } from '../../lib/scan';

/** A barcode reader of video frames: the browser's BarcodeDetector, or the ZXing ponyfill. */
export interface FrameDetector {
  detect(source: HTMLVideoElement): Promise<Seen[]>;
}

/** The Shape Detection API (Chrome on Android, ChromeOS, macOS); not in TypeScript's DOM types. */
interface NativeDetectorClass {
  new (options?: { formats?: string[] }): FrameDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** The receipt's QR code (its public link) and Code 128 (its number). */
const FORMATS = ['qr_code', 'code_128'] as const;

function nativeClass(): NativeDetectorClass | null {
  const w = window as unknown as { BarcodeDetector?: NativeDetectorClass };
  return typeof w.BarcodeDetector === 'function' ? w.BarcodeDetector : null;
}

/** True when the device can film (the scan button is shown; a reader is found when it opens). */
export function canScan(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The native reader when it reads QR codes (some platforms expose the class with no format at all),
 * otherwise the ponyfill, loaded on demand.
 */
export async function createDetector(): Promise<FrameDetector> {
  const Native = nativeClass();
  if (Native) {
    try {
      const supported = (await Native.getSupportedFormats?.()) ?? [];
      if (supported.includes('qr_code')) return new Native({ formats: FORMATS.filter((f) => supported.includes(f)) });
    } catch {
      // an unusable native reader: the ponyfill below
    }
  }
  const { zxingDetector } = await import('./zxing-detector');
  return zxingDetector([...FORMATS]);
}
