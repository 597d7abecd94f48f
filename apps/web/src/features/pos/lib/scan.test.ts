import { describe, expect, it } from 'vitest';
import { cameraProblem, pickScanned } from './scan';

const ref = 'q3Zr_9xK-2mPvT8wYb1LcA';
const qr = { format: 'qr_code', rawValue: `https://pos.example/fiche-view/${ref}` };
const barcode = { format: 'code_128', rawValue: '18' }; // 1 + Luhn check digit 8

describe('what the scanner read on a receipt', () => {
  it('opens the ticket from the QR code’s link or bare secret', () => {
    expect(pickScanned([qr])).toEqual({ kind: 'ref', refCode: ref });
    expect(pickScanned([{ format: 'qr_code', rawValue: ref }])).toEqual({ kind: 'ref', refCode: ref });
  });

  it('prefers the QR code to the barcode seen in the same frame', () => {
    expect(pickScanned([barcode, qr])).toEqual({ kind: 'ref', refCode: ref });
  });

  it('gives the number of a barcode alone (the verification code is then typed)', () => {
    expect(pickScanned([barcode])).toEqual({ kind: 'number', number: 18 });
    expect(pickScanned([{ format: 'code_128', rawValue: '19' }, barcode])).toEqual({ kind: 'number', number: 18 });
  });

  it('says when a code is not one of our receipts, and nothing when nothing was read', () => {
    expect(pickScanned([{ format: 'qr_code', rawValue: 'WIFI:S:shop;T:WPA;P:secret;;' }])).toEqual({
      kind: 'foreign',
    });
    expect(pickScanned([{ format: 'code_128', rawValue: '19' }])).toEqual({ kind: 'foreign' });
    expect(pickScanned([{ format: 'qr_code', rawValue: '' }])).toBeNull();
    expect(pickScanned([])).toBeNull();
  });

  it('names the camera’s failure', () => {
    expect(cameraProblem('NotAllowedError')).toBe('denied');
    expect(cameraProblem('NotFoundError')).toBe('noCamera');
    expect(cameraProblem('NotReadableError')).toBe('busy');
    expect(cameraProblem(undefined)).toBe('failed');
  });
});
