import { describe, expect, it } from 'vitest';
import { deviceName } from './device';

describe('the device’s first name (the admin may rename it)', () => {
  it('names the system and the browser', () => {
    expect(
      deviceName('Mozilla/5.0 (Linux; Android 12; SM-A125F) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36'),
    ).toBe('Android · Chrome');
    expect(
      deviceName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('iPhone · Safari');
    expect(
      deviceName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0'),
    ).toBe('Windows · Edge');
    expect(deviceName('curl/8.0')).toBe('Appareil');
  });
});
