import type { DeviceInfo } from '@borlette/shared/contracts/terminals';
import { readItem, writeItem } from '../../../lib/storage';

/** The POS's version, sent with the sign-in and the heartbeat (the terminals list shows it). */
export const POS_VERSION = '20.0';

/** The device's own id: random, made once and kept in localStorage (issue 20). */
const DEVICE_KEY = 'pos.deviceId';
const VALID = /^[A-Za-z0-9_-]{16,100}$/;

function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** « Android · Chrome », « iPhone · Safari »: a first name the admin may change. */
export function deviceName(ua: string): string {
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iPhone'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'Mac'
          : /Linux/.test(ua)
            ? 'Linux'
            : 'Appareil';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
  return browser ? `${os} · ${browser}` : os;
}

/** What the sign-in sends about this device (a new id the first time). */
export function posDevice(): DeviceInfo {
  let id = readItem(DEVICE_KEY);
  if (!id || !VALID.test(id)) {
    id = newDeviceId();
    writeItem(DEVICE_KEY, id);
  }
  return { device_id: id, name: deviceName(navigator.userAgent), pos_version: POS_VERSION };
}
