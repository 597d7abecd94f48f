import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

/**
 * zxing-detector.ts serves the reader's .wasm from our origin (`zxing-wasm/reader/zxing_reader.wasm?url`),
 * not the CDN the ponyfill would ask: that file must be the very build its JavaScript was made for.
 */
describe('the barcode reader’s WebAssembly served by the POS', () => {
  it('is the build the barcode-detector ponyfill expects', () => {
    const require = createRequire(import.meta.url);
    const file = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
    expect(sha256, `zxing-wasm ${ZXING_WASM_VERSION} expected`).toBe(ZXING_WASM_SHA256);
  });
});
