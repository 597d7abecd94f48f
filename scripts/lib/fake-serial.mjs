// For the benches driving /pos in Chromium: an init script (run before the app loads) that signs the
// POS in with `token`, chooses the Web Serial printer, and gives the page a fake granted serial port
// recording what is written: `__printed` (byte count) and `__printedAt` (performance.now() of the last write).
export function posFakeSerial({ token }) {
  localStorage.setItem('pos.accessToken', token);
  localStorage.setItem(
    'pos.printer',
    JSON.stringify({
      transport: 'serial',
      width: 58,
      autoPrint: true,
      baudRate: 9600,
      chunkSize: 100,
      device: 'serial',
    }),
  );
  window.__printed = 0;
  window.__printedAt = 0;
  let open = false;
  const stream = new WritableStream({
    write(chunk) {
      window.__printed += chunk.length;
      window.__printedAt = performance.now();
    },
  });
  const port = {
    async open() {
      open = true;
    },
    async close() {
      open = false;
    },
    get writable() {
      return open ? stream : null;
    },
    getInfo: () => ({}),
  };
  const serial = { requestPort: async () => port, getPorts: async () => [port] };
  Object.defineProperty(Navigator.prototype, 'serial', { configurable: true, get: () => serial });
}
