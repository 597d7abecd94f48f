/**
 * The barcode reader where the browser has none (Chromium on Linux, Firefox, Safari…): the
 * `barcode-detector` ponyfill on ZXing's WebAssembly. Imported only when the scanner opens without a
 * native detector, so /pos does not carry it; the .wasm comes from our own origin (offline, no CDN).
 */
import { BarcodeDetector, type BarcodeFormat, prepareZXingModule } from 'barcode-detector/ponyfill';
// The ponyfill's own zxing-wasm (exact dependency of barcode-detector; its hash is checked by a unit test).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

export async function zxingDetector(formats: BarcodeFormat[]): Promise<BarcodeDetector> {
  // Instantiated now, so that a .wasm that cannot load is said when the scanner opens, not never.
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats });
}
