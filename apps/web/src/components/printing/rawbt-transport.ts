import type { PrinterTransport } from './transport';

/** The intent RawBT (ru.a402d.rawbtprinter) registers for raw bytes: base64 data, scheme « rawbt ». */
export function rawbtIntentUrl(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `intent:base64,${btoa(binary)}#Intent;scheme=rawbt;package=ru.a402d.rawbtprinter;end;`;
}

export const isAndroid = () => typeof navigator !== 'undefined' && /android/i.test(navigator.userAgent);

/** Opening the intent through a link click: Chrome hands it to the app and the page stays. */
function launch(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * RawBT, the Android print driver app: it drives Bluetooth, USB and network printers itself, so
 * there is nothing to connect here. We cannot know whether it is installed nor whether it printed:
 * a missing app leaves Chrome on the page (or opens the Play Store).
 */
export function rawbtTransport(open: (url: string) => void = launch): PrinterTransport {
  return {
    kind: 'rawbt',
    available: isAndroid,
    connect: async () => undefined,
    isConnected: () => true,
    async write(bytes) {
      open(rawbtIntentUrl(bytes));
    },
  };
}
