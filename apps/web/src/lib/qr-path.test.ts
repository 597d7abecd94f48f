import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path';

describe('QR path', () => {
  it('draws one rectangle per horizontal run of dark modules, shifted by the margin', () => {
    const rows = ['110', '010', '111'];
    const matrix = { size: 3, get: (r: number, c: number) => rows[r]![c] === '1' };
    expect(qrPath(matrix, 2)).toBe('M2 2h2v1h-2zM3 3h1v1h-1zM2 4h3v1h-3z');
    expect(qrPath({ size: 2, get: () => false })).toBe('');
  });

  it('reads the matrix the qrcode package computes', async () => {
    const QR = await import('qrcode');
    const { modules } = QR.create('https://example.test/fiche-view/abc', { errorCorrectionLevel: 'M' });
    const path = qrPath(modules, 4);
    expect(modules.size).toBeGreaterThanOrEqual(21);
    expect(path.startsWith('M4 4h7v1h-7z')).toBe(true); // the top-left finder pattern
  });
});
